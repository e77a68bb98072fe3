/** The offline competitor report files each sentence of the notes under the focus it is about. */
import { describe, expect, it } from 'vitest';
import { competitorReport } from '../../src/modules/research/research.offline';

describe('offline competitor report', () => {
  const report = competitorReport(
    {
      competitors: [
        {
          name: 'ひかり内科',
          notes: '自費メニューの価格は当院より高い。土日も診療している。Instagram の広告をよく見る。',
          documents: [],
        },
      ],
      ownProducts: { count: 0, min: null, max: null },
    },
    ['pricing', 'services', 'marketing'],
  );
  const bullets = (heading: string) =>
    report.sections.find((section) => section.heading === heading)?.bullet_points ?? [];

  it('puts a sentence under the focus whose words it uses most, not under every focus it touches', () => {
    expect(bullets('価格')).toEqual(['ひかり内科: 自費メニューの価格は当院より高い。']);
    expect(bullets('サービス内容')).toEqual(['ひかり内科: 土日も診療している。']);
    expect(bullets('集客')).toEqual(['ひかり内科: Instagram の広告をよく見る。']);
  });
});
