import { delay } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { DEMO_KNOWLEDGE } from '../../stories/demo-records';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';
import { failures, held, typedHandler } from '../../stories/typed-handler';

const meta: ScreenMeta = {
  title: 'Screens/AI法務チェック',
  id: 'screens-legal-check',
  ...screenMeta(appRoutes.legalCheck.path),
};
export default meta;

const reads = [
  ['get', '/api/knowledge/legal_checks'],
  ['get', '/api/knowledge/chat/history'],
] as const;
const states = standardStates(reads);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示。 */
export const StaffView: ScreenStoryObj = states.StaffView;

const QUESTION = '医療広告で「最新の治療」と書いてもよいですか？';
const source = DEMO_KNOWLEDGE[2]!;

const answer = (found: boolean) =>
  typedHandler('post', '/api/knowledge/chat', async () => {
    await delay(300);
    return {
      id: '00000012-0000-4000-8000-000000000001',
      query: QUESTION,
      answer: found
        ? '医療広告ガイドラインでは、「最新」「最先端」のように他の医療機関より優れていると誤認させる表現は、比較優良広告として認められません [1]。\n\n※ これは登録された資料に基づく参考情報で、法的助言ではありません。'
        : '登録された資料には、この質問に関係する記載が見つかりませんでした。\n\n※ これは登録された資料に基づく参考情報で、法的助言ではありません。',
      mode: 'offline',
      found,
      sources: found
        ? [
            {
              document_id: source.id,
              title: source.title,
              excerpt: '他の病院又は診療所と比較して優良である旨を広告してはならない。',
            },
          ]
        : [],
      feedback: null,
      created_at: '2026-11-20T09:05:00.000Z',
    };
  });

async function ask(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const field = await canvas.findByRole('textbox', { name: '質問' }, { timeout: 10_000 });
  await userEvent.type(field, QUESTION);
  await userEvent.click(canvas.getByRole('button', { name: '質問する' }));
  return canvas;
}

/** 質問すると、根拠つきの回答が出る（操作の流れ）。 */
export const JourneyAskFound: ScreenStoryObj = {
  ...withHandlers([answer(true)]),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    const section = await canvas.findByTestId('answer', {}, { timeout: 10_000 });
    await expect(await within(section).findByText(/比較優良広告/)).toBeVisible();
    await expect(within(section).getByText(source.title)).toBeVisible();
  },
};

/** 資料に関係する記載がない、という回答。 */
export const AnswerNotFound: ScreenStoryObj = {
  ...withHandlers([answer(false)]),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    await expect(await canvas.findByText(/見つかりませんでした/, {}, { timeout: 10_000 })).toBeVisible();
  },
};

/** 回答を待っているところ（応答を止めています）。 */
export const AnswerPending: ScreenStoryObj = {
  ...withHandlers([typedHandler('post', '/api/knowledge/chat', held)]),
  play: async ({ canvasElement }) => {
    await ask(canvasElement);
  },
};

/** 質問がサーバーのエラーで失敗したとき。 */
export const AnswerFailed: ScreenStoryObj = {
  ...withHandlers([typedHandler('post', '/api/knowledge/chat', failures.server)]),
  play: async ({ canvasElement }) => {
    const canvas = await ask(canvasElement);
    await expect(
      await canvas.findByText(/システムエラーが発生しました/, {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

/** テナントでこの機能が無効のとき（機能の設定で無効・サーバーも FEAT_001 で断ります）。 */
export const FeatureOff: ScreenStoryObj = featureOff('legal_check', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };
