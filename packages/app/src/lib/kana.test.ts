import { describe, expect, it } from 'vitest';
import { postalCodeDigits, toFullWidthKatakana, toHalfWidthDigits } from './kana';

describe('toFullWidthKatakana', () => {
  it('turns hiragana into katakana', () => {
    expect(toFullWidthKatakana('さとう はなこ')).toBe('サトウ ハナコ');
    expect(toFullWidthKatakana('ゔぁいおりん')).toBe('ヴァイオリン');
    expect(toFullWidthKatakana('いすゞ')).toBe('イスヾ');
  });

  it('turns half-width katakana into full-width, voiced marks included', () => {
    expect(toFullWidthKatakana('ｻﾄｳ ﾊﾅｺ')).toBe('サトウ ハナコ');
    expect(toFullWidthKatakana('ｶﾞｯｺｳ･ﾎｳｼﾞﾝ')).toBe('ガッコウ・ホウジン');
    expect(toFullWidthKatakana('ﾊﾟｰｸ')).toBe('パーク');
    // A voiced mark typed after the kana was already converted.
    expect(toFullWidthKatakana('カﾞク')).toBe('ガク');
  });

  it('leaves katakana, the long vowel mark, spaces and other text alone', () => {
    expect(toFullWidthKatakana('ヤマダ　タロウ')).toBe('ヤマダ　タロウ');
    expect(toFullWidthKatakana('コーヒー')).toBe('コーヒー');
    expect(toFullWidthKatakana('山田ABC１')).toBe('山田ABC１');
    expect(toFullWidthKatakana('')).toBe('');
  });
});

describe('toHalfWidthDigits', () => {
  it('folds full-width digits, signs and dashes', () => {
    expect(toHalfWidthDigits('０３－１２３４－５６７８')).toBe('03-1234-5678');
    expect(toHalfWidthDigits('＋８１（３）１２３４')).toBe('+81(3)1234');
    // The - key with a Japanese IME on gives ー.
    expect(toHalfWidthDigits('０９０ー１２３４ー５６７８')).toBe('090-1234-5678');
    expect(toHalfWidthDigits('03−1234‐5678')).toBe('03-1234-5678');
    expect(toHalfWidthDigits('03　1234')).toBe('03 1234');
  });

  it('leaves half-width text as it is', () => {
    expect(toHalfWidthDigits('03-1234-5678')).toBe('03-1234-5678');
  });
});

describe('postalCodeDigits', () => {
  it('gives the seven digits of a complete postal code in any width', () => {
    expect(postalCodeDigits('150-0001')).toBe('1500001');
    expect(postalCodeDigits('1500001')).toBe('1500001');
    expect(postalCodeDigits('１５０ー０００１')).toBe('1500001');
    expect(postalCodeDigits(' 150-0001 ')).toBe('1500001');
  });

  it('gives null while the code is incomplete or malformed', () => {
    expect(postalCodeDigits('150-000')).toBeNull();
    expect(postalCodeDigits('15-00001')).toBeNull();
    expect(postalCodeDigits('150-00012')).toBeNull();
    expect(postalCodeDigits('')).toBeNull();
  });
});
