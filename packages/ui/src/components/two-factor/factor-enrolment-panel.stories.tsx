import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Alert } from '../alert/alert';
import { FactorEnrolmentPanel, type FactorEnrolmentPanelProps } from './factor-enrolment-panel';

/** A stand-in QR image (the service sends a real one as an SVG data URI). */
const qrCode = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="21" height="21" fill="#fff"/><path d="M0 0h7v7H0zM14 0h7v7h-7zM0 14h7v7H0z" fill="#000"/><path d="M2 2h3v3H2zM16 2h3v3h-3zM2 16h3v3H2z" fill="#fff"/><path d="M9 9h3v3H9zM14 14h2v2h-2zM18 17h3v2h-3z" fill="#000"/></svg>',
)}`;

function Controlled(props: FactorEnrolmentPanelProps) {
  const [code, setCode] = useState(props.code);
  return (
    <FactorEnrolmentPanel
      {...props}
      code={code}
      onCodeChange={(next) => {
        setCode(next);
        props.onCodeChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/TwoFactor/FactorEnrolmentPanel',
  component: FactorEnrolmentPanel,
  tags: ['autodocs'],
  args: {
    qrCode,
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    code: '',
    onCodeChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [
    (Story) => (
      <div className="max-w-lg">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FactorEnrolmentPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The QR code has Japanese alternative text; the key reads in groups of four; the code submits. */
export const Playground: Story = {
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('img', { name: '認証アプリで読み取る二段階認証の QR コード' }),
    ).toBeVisible();
    await expect(canvas.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^確認コード/, { selector: 'input' }), '123456');
    await userEvent.click(canvas.getByRole('button', { name: '確認して有効にする' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('123456');
  },
};

/** Keyboard only: Enter in the code field submits. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText(/^確認コード/, { selector: 'input' });
    input.focus();
    await userEvent.keyboard('654321{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('654321');
  },
};

export const WrongCode: Story = {
  args: { code: '000000', error: '確認コードが正しくありません。もう一度入力してください。' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^確認コード/, { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Submitting: Story = { args: { code: '123456', submitting: true } };

/** Required by the tenant: no way back, an explanation above. */
export const Required: Story = {
  args: {
    onCancel: undefined,
    intro: (
      <Alert variant="info" title="二段階認証の登録が必要です">
        このテナントでは、二段階認証が必須です。登録が終わるまで、ほかの画面は使えません。
      </Alert>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'キャンセル' })).toBeNull();
  },
};
