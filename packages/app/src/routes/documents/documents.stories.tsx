import { expect, userEvent, within } from 'storybook/test';
import { appRoutes } from '../../app/paths';
import { EXTRACTION_MS, uploadJourneyHandlers } from '../../stories/journey-handlers';
import { featureOff, goOffline } from '../../stories/screen-conditions';
import {
  type ScreenMeta,
  type ScreenStoryObj,
  screenMeta,
  screenSettled,
  standardStates,
  withHandlers,
} from '../../stories/screen-story';

const meta: ScreenMeta = {
  title: 'Screens/AI文書管理',
  id: 'screens-documents',
  ...screenMeta(appRoutes.documents.path),
};
export default meta;

const reads = [
  ['get', '/api/documents/'],
  ['get', '/api/folders/'],
] as const;
const states = standardStates(reads);
export const Full: ScreenStoryObj = states.Full;
export const Empty: ScreenStoryObj = states.Empty;
export const Loading: ScreenStoryObj = states.Loading;
export const FailedServer: ScreenStoryObj = states.FailedServer;
export const FailedNetwork: ScreenStoryObj = states.FailedNetwork;
export const Forbidden: ScreenStoryObj = states.Forbidden;
/** 一般スタッフの表示（削除などの権限がない）。 */
export const StaffView: ScreenStoryObj = states.StaffView;

/** テナントでこの機能が無効のとき（機能の設定で無効・サーバーも FEAT_001 で断ります）。 */
export const FeatureOff: ScreenStoryObj = featureOff('documents', reads);

/** 表示したまま接続が切れたとき（オフラインのお知らせ）。 */
export const Offline: ScreenStoryObj = { ...states.Full, play: goOffline };

const FILE_NAME = '紹介状_山田太郎様.pdf';

/**
 * 文書をアップロードする操作の流れ。ファイルを選ぶと進み具合が表示され、一覧に「処理中」で加わり、
 * 本文を読み取り終えると「検索できます」に変わります。
 */
export const JourneyUpload: ScreenStoryObj = {
  ...withHandlers(uploadJourneyHandlers()),
  play: async ({ canvasElement }) => {
    await screenSettled({ canvasElement });
    const canvas = within(canvasElement);
    const input = await canvas.findByLabelText(/にアップロード$/, { selector: 'input' }, { timeout: 15_000 });
    const file = new File(['%PDF-1.4\n紹介状\n'], FILE_NAME, { type: 'application/pdf' });
    await userEvent.upload(input, file);
    const cell = await canvas.findByRole('cell', { name: new RegExp(FILE_NAME) }, { timeout: 15_000 });
    const row = within(cell.closest('tr')!);
    await expect(await row.findByText('処理中', {}, { timeout: 15_000 })).toBeVisible();
    await expect(await row.findByText('検索できます', {}, { timeout: EXTRACTION_MS + 15_000 })).toBeVisible();
  },
};
