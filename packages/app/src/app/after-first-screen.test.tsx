import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { useHoldStaticShell, useStaticShellHandover } from '../shell/static-shell';
import { useAfterFirstScreen } from './after-first-screen';

afterEach(cleanup);

function Spinner() {
  useHoldStaticShell();
  return <p>読み込み中</p>;
}

function Root({ loading }: { loading: boolean }) {
  useStaticShellHandover();
  return loading ? <Spinner /> : <p>ダッシュボード</p>;
}

function Background() {
  const ready = useAfterFirstScreen();
  return <p>{ready ? '後の仕事: 開始' : '後の仕事: 待機'}</p>;
}

let finishLoading: () => void = () => undefined;

function App() {
  const [loading, setLoading] = useState(true);
  finishLoading = () => setLoading(false);
  return (
    <>
      <Root loading={loading} />
      <Background />
    </>
  );
}

it('waits while a full-page spinner holds the first screen, then starts at an idle moment after it', async () => {
  vi.useFakeTimers();
  try {
    render(<App />);
    // The spinner is all there is: nothing else starts, however long it shows (short of the fallback).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.getByText('後の仕事: 待機')).toBeTruthy();
    act(() => finishLoading());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(screen.getByText('ダッシュボード')).toBeTruthy();
    expect(screen.getByText('後の仕事: 開始')).toBeTruthy();
    // Mounted later, it starts at once.
    render(<Background />);
    expect(screen.getAllByText('後の仕事: 開始')).toHaveLength(2);
  } finally {
    vi.useRealTimers();
  }
});
