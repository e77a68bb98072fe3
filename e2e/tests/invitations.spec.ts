import { expect, type Page, test } from '@playwright/test';
import { demo, expectNoSeriousA11yViolations, signInAs } from './support';

/**
 * The invitation journey: the さくら administrator invites a new address as スタッフ and
 * copies the link; in a browser of their own the newcomer opens it, creates an account, joins and
 * sees the dashboard as スタッフ; the administrator disables them on /tenant-users and the
 * newcomer's open page is signed out on its next call.
 */

const screens = 'test-results/screens';
const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

/** Creates an invitation on /invitations through the dialog and returns the link the dialog shows. */
async function createInvitation(page: Page, { email, role }: { email?: string; role: string }) {
  await page.getByRole('button', { name: '招待を作成' }).first().click();
  const dialog = page.getByRole('dialog', { name: '招待を作成' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('役割').selectOption({ label: role });
  if (email) await dialog.getByLabel('メールアドレス').fill(email);
  await dialog.getByRole('button', { name: '招待を作成' }).click();
  const created = page.getByRole('dialog', { name: '招待を作成しました' });
  await expect(created).toBeVisible();
  const link = await created.getByLabel('招待リンク').inputValue();
  expect(link).toMatch(/\/invite\?code=[\w-]{20,}$/);
  // The end-to-end server has no mail server: an addressed invitation says to pass the link on.
  if (email) await expect(created.getByText('招待メールは送っていません')).toBeVisible();
  return { dialog: created, link };
}

test('the admin invites a newcomer as スタッフ, who creates an account, joins, and is signed out once disabled', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const newcomer = {
    email: `invitee-${Date.now()}@e2e.example`,
    fullName: '招待 花子',
    password: 'haru-no-sakura-2027',
  };

  // ── The administrator creates the invitation and copies the link ─────────────────────────
  const admin = await signInAs(browser, demo.sakuraAdmin.email, { width: 1440, height: 900 }, CLIPBOARD);
  await admin.getByRole('link', { name: '招待管理' }).first().click();
  await expect(admin.getByRole('heading', { name: '招待管理', level: 1 })).toBeVisible();
  await expect(admin.getByTestId('invitation-total')).toContainText('件');
  await expectNoSeriousA11yViolations(admin, '/invitations 1440');

  const { dialog, link } = await createInvitation(admin, { email: newcomer.email, role: 'スタッフ' });
  await expect(dialog).toContainText('リンクが表示されるのは今だけです');
  await dialog.getByRole('button', { name: 'コピー' }).click();
  await expect(dialog.getByRole('button', { name: 'コピーしました' })).toBeVisible();
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectNoSeriousA11yViolations(admin, '/invitations create dialog');
  await admin.screenshot({ path: `${screens}/invitations-created-1440.png` });
  await dialog.getByRole('button', { name: '完了' }).click();
  const row = admin.getByRole('row').filter({ hasText: newcomer.email });
  await expect(row).toContainText('有効');
  await expect(row).toContainText('スタッフ');
  await admin.screenshot({ path: `${screens}/invitations-1440.png`, fullPage: true });

  // ── The newcomer, in a browser of their own, opens the link and creates an account ───────
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const person = await context.newPage();
  await person.goto(link);
  await expect(person.getByRole('heading', { name: '招待への参加', level: 1 })).toBeVisible();
  await expect(person.getByTestId('invite-headline')).toHaveText(
    'さくら内科クリニック に スタッフ として招待されています',
  );
  await expect(person.getByRole('link', { name: 'ログインして参加' })).toHaveAttribute(
    'href',
    `/login?redirect=${encodeURIComponent(new URL(link).pathname + new URL(link).search)}`,
  );
  await expectNoSeriousA11yViolations(person, '/invite signed out 1440');
  await person.screenshot({ path: `${screens}/invite-signed-out-1440.png`, fullPage: true });

  await person.getByRole('button', { name: 'アカウントを作成して参加' }).click();
  const form = person.getByRole('form', { name: 'アカウントの作成' });
  // Bound to the address: filled in and locked; focus is on the first field to type in.
  await expect(form.getByLabel('メールアドレス')).toHaveValue(newcomer.email);
  await expect(form.getByLabel('メールアドレス')).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('氏名')).toBeFocused();
  // Keyboard only from here.
  await person.keyboard.type(newcomer.fullName);
  await person.keyboard.press('Tab');
  await person.keyboard.type('short');
  await form.getByLabel(/^パスワード（確認）(必須)?$/).fill('short');
  await person.keyboard.press('Enter');
  await expect(form.getByLabel(/^パスワード(必須)?$/)).toBeFocused();
  await expect(form).toContainText('パスワードは 8 文字以上で入力してください。');
  await form.getByLabel(/^パスワード(必須)?$/).fill(newcomer.password);
  await form.getByLabel(/^パスワード（確認）(必須)?$/).fill(newcomer.password);
  await expectNoSeriousA11yViolations(person, '/invite sign-up form');
  await person.screenshot({ path: `${screens}/invite-sign-up-1440.png`, fullPage: true });
  await form.getByLabel(/^パスワード（確認）(必須)?$/).press('Enter');

  // Signed in with the new account, not a member yet: the confirm step.
  const created = person.getByTestId('sign-up-done');
  await expect(created).toHaveText('アカウントを作成しました。「参加する」を押すと参加が完了します。');
  await expect(created).toBeFocused();
  await expect(person.getByTestId('invite-account')).toHaveText(newcomer.email);
  await expectNoSeriousA11yViolations(person, '/invite signed in');
  await person.screenshot({ path: `${screens}/invite-signed-in-1440.png`, fullPage: true });
  await person.getByRole('button', { name: '参加する' }).click();

  const joined = person.getByTestId('invite-joined');
  await expect(joined).toContainText('さくら内科クリニック に スタッフ として参加しました。');
  await expect(joined).toContainText('秒後に「ダッシュボード」へ移動します。');
  await expect(joined).toBeFocused();
  await person.screenshot({ path: `${screens}/invite-joined-1440.png`, fullPage: true });
  await expect(person).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(person.getByRole('heading', { name: 'ダッシュボード', level: 1 })).toBeVisible();
  const profile = person.getByRole('region', { name: 'プロフィールとテナント' });
  await expect(profile.getByRole('heading', { name: newcomer.fullName })).toBeVisible();
  // The role chip (its accessible text may carry a prefix for screen readers).
  await expect(profile).toContainText('スタッフ');
  await expect(profile.getByRole('heading', { name: 'さくら内科クリニック' })).toBeVisible();

  // The admin's list now says 使用済み, with the time it was used.
  await admin.reload();
  await expect(admin.getByRole('row').filter({ hasText: newcomer.email })).toContainText('使用済み');

  // The same link again: 使用済み, and no way to join. The sign-up above left a PKCE code verifier
  // in this browser: the invitation's ?code= is still not taken for a Google sign-in's code.
  const again = await context.newPage();
  const exchanges: string[] = [];
  again.on('request', (request) => {
    if (request.url().includes('grant_type=pkce')) exchanges.push(request.url());
  });
  await again.goto(link);
  await expect(again.getByTestId('invite-notice')).toContainText('この招待はすでに使用されています');
  await expect(again.getByRole('button', { name: '参加する' })).toHaveCount(0);
  expect(exchanges).toEqual([]);
  await again.close();

  // ── The administrator disables the newcomer; their open page is signed out on its next call ─
  await admin.goto(`/tenant-users?q=${encodeURIComponent(newcomer.email)}`);
  await admin.getByRole('button', { name: `${newcomer.fullName}を無効にする` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: '無効にする' }).click();
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);

  await person.getByRole('link', { name: '顧客管理' }).first().click();
  await expect(person).toHaveURL(/\/login(\?|$)/, { timeout: 15_000 });
  await expect(person.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
  // Not without a word: the renewal of a disabled account's session says so (user_banned), and
  // signing in again says the same.
  const disabled = person.getByText('このアカウントは無効にされています。管理者に連絡してください。');
  await expect(disabled).toBeVisible();
  await expect(person.getByText('セッションが終了しました。もう一度ログインしてください。')).toHaveCount(0);
  await person.getByLabel('メールアドレス').fill(newcomer.email);
  await person.getByLabel(/^パスワード(必須)?$/).fill(newcomer.password);
  await person.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(disabled.first()).toBeVisible();
  await expect(person).toHaveURL(/\/login(\?|$)/);

  await context.close();
  await admin.context().close();
});

test('/invite: a missing code says so with a way on instead of a dead join button; an unknown code has its own message', async ({
  page,
}) => {
  for (const viewport of [
    { label: '375', width: 375, height: 812 },
    { label: '1440', width: 1440, height: 900 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/invite');
    await expect(page.getByTestId('invite-notice')).toContainText('招待コードが見つかりません');
    // Nothing to join without a code: no 参加する that never enables, but the way to sign in.
    await expect(page.getByRole('button', { name: '参加する' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toHaveAttribute('href', '/login');
    await expectNoSeriousA11yViolations(page, `/invite without a code ${viewport.label}`);
    await page.screenshot({ path: `${screens}/invite-missing-${viewport.label}.png`, fullPage: true });
  }
  await page.goto('/invite?code=this-code-was-never-issued');
  await expect(page.getByTestId('invite-notice')).toContainText('この招待コードは正しくありません');
  await expect(page.getByRole('button', { name: '参加する' })).toHaveCount(0);
});

test('at 375px: the list and dialog, a signed-in member sees who is signed in, and a revoked link is refused', async ({
  browser,
}) => {
  const mobile = { width: 375, height: 812 };
  const admin = await signInAs(browser, demo.sakuraAdmin.email, mobile, CLIPBOARD);
  await admin.goto('/invitations');
  await expect(admin.getByRole('heading', { name: '招待管理', level: 1 })).toBeVisible();
  const { dialog, link } = await createInvitation(admin, { role: '一般' });
  await expectNoSeriousA11yViolations(admin, '/invitations create dialog 375');
  await admin.screenshot({ path: `${screens}/invitations-created-375.png` });
  await dialog.getByRole('button', { name: '完了' }).click();
  // Nothing hides in a sideways scroll: the row reads as the other lists' do at 375 px, with the
  // state, the role, the dates and the cancel action on screen.
  const scroller = admin.locator('[data-slot="data-table-scroll"]');
  expect(await scroller.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  const newest = admin.getByRole('row').filter({ hasText: '指定なし（リンクを知っている人）' }).first();
  const shown = (text: string | RegExp) => newest.getByText(text, { exact: true }).filter({ visible: true });
  for (const text of ['有効', '一般', '有効期限', '作成日時']) await expect(shown(text)).toBeInViewport();
  await expect(newest.getByRole('button', { name: /^取り消し/ })).toBeInViewport();
  await expectNoSeriousA11yViolations(admin, '/invitations 375');
  await admin.screenshot({ path: `${screens}/invitations-375.png`, fullPage: true });

  // The staff member of the same tenant opens it: signed in, shown who they are.
  const staff = await signInAs(browser, demo.sakuraStaff.email, mobile, CLIPBOARD);
  await staff.goto(link);
  await expect(staff.getByTestId('invite-headline')).toHaveText(
    'さくら内科クリニック に 一般 として招待されています',
  );
  await expect(staff.getByTestId('invite-account')).toContainText(demo.sakuraStaff.email);
  await expect(staff.getByRole('button', { name: '別のアカウントに切り替える' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff, '/invite signed in 375');
  await staff.screenshot({ path: `${screens}/invite-signed-in-375.png`, fullPage: true });
  // Already a member: the server's 409 is shown, in Japanese.
  await staff.getByRole('button', { name: '参加する' }).click();
  await expect(staff.getByTestId('join-error')).toBeFocused();
  await expect(staff.getByTestId('join-error')).toContainText('参加できませんでした');

  // The admin revokes it (the newest pending row); the link then says 取り消し.
  await admin.goto('/invitations?status=pending');
  const first = admin.getByRole('row').filter({ hasText: '指定なし（リンクを知っている人）' }).first();
  await first.getByRole('button', { name: /^取り消し/ }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: '取り消す' }).click();
  await expect(admin.getByRole('alertdialog')).toHaveCount(0);

  await staff.goto(link);
  await expect(staff.getByTestId('invite-notice')).toContainText('この招待は取り消されました');
  await staff.screenshot({ path: `${screens}/invite-revoked-375.png`, fullPage: true });

  // Signed out, at 375px: the two ways in.
  const context = await browser.newContext({ viewport: mobile });
  const visitor = await context.newPage();
  const { link: second } = await (async () => {
    await admin.goto('/invitations');
    const made = await createInvitation(admin, { role: 'スタッフ' });
    await made.dialog.getByRole('button', { name: '完了' }).click();
    return made;
  })();
  await visitor.goto(second);
  await expect(visitor.getByRole('button', { name: 'アカウントを作成して参加' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, '/invite signed out 375');
  await visitor.screenshot({ path: `${screens}/invite-signed-out-375.png`, fullPage: true });
  await visitor.getByRole('button', { name: 'アカウントを作成して参加' }).click();
  await expect(
    visitor.getByRole('form', { name: 'アカウントの作成' }).getByLabel('メールアドレス'),
  ).toBeFocused();
  await visitor.screenshot({ path: `${screens}/invite-sign-up-375.png`, fullPage: true });

  await context.close();
  await staff.context().close();
  await admin.context().close();
});

test('a staff member without invitations.write is not offered to create one', async ({ browser }) => {
  const staff = await signInAs(browser, demo.sakuraStaff.email, { width: 1440, height: 900 }, CLIPBOARD);
  await staff.goto('/invitations');
  await expect(staff.getByRole('heading', { name: '招待管理', level: 1 })).toBeVisible();
  // Staff's defaults have no invitations.read: the screen says so instead of failing.
  await expect(staff.getByText('この操作を実行する権限がありません', { exact: false })).toBeVisible();
  await expect(staff.getByRole('button', { name: '招待を作成' })).toHaveCount(0);
  await staff.context().close();
});
