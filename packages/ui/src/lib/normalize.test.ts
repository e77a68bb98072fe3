import { describe, expect, it } from 'vitest';
import { foldKana, matchesSearch, normalizeSearchText } from './normalize';

describe('normalizeSearchText', () => {
  it('folds full-width and half-width forms (NFKC) and case', () => {
    expect(normalizeSearchText('ＴＳＵＭＩＫＩ　１２３')).toBe('tsumiki 123');
    expect(normalizeSearchText('ｻｸﾗ')).toBe('さくら');
  });

  it('folds katakana to hiragana, keeping the long vowel mark', () => {
    expect(foldKana('サクラ内科クリニック')).toBe('さくら内科くりにっく');
    expect(foldKana('ヴァイオリン・ケーキ')).toBe('ゔぁいおりん・けーき');
    expect(normalizeSearchText('  ヤマダ   タロウ ')).toBe('やまだ たろう');
  });
});

describe('matchesSearch', () => {
  it('matches across kana, width and case', () => {
    expect(matchesSearch('山田 タロウ（ﾔﾏﾀﾞ）', 'やまだ')).toBe(true);
    expect(matchesSearch('さくら内科クリニック', 'ｸﾘﾆｯｸ')).toBe(true);
    expect(matchesSearch('Admin@Sakura-Clinic.example', 'ＡＤＭＩＮ')).toBe(true);
    expect(matchesSearch('みどり歯科', 'さくら')).toBe(false);
  });

  it('matches everything for an empty or blank query', () => {
    expect(matchesSearch('みどり歯科', '　')).toBe(true);
  });
});
