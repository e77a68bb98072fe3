import { useMutation, useQuery } from '@tanstack/react-query';
import { currentSessionQueryOptions, extendCurrentSessionMutationOptions } from '@tsumiki/api-client/react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Progress,
  SESSION_EXTENSIONS_MINUTES,
  SESSION_LENGTH_MINUTES,
  Skeleton,
  SkeletonGroup,
  sessionProgress,
  sessionTone,
} from '@tsumiki/ui';
import { type ReactNode, useId, useState } from 'react';
import { useSignedIn } from '../../session/session';
import { LoadFailed } from '../access/load-failed';
import { type ExtensionOutcome, extensionOutcome, extensionRoomMinutes, formatRemaining } from './extension';
import { absoluteTime } from './times';

const progressTones = { success: 'success', refresh: 'info', warning: 'warning', error: 'error' } as const;

/**
 * This device's session: how long it lasts, and extending it by 60 or 240 minutes, with a word on
 * what the extension did (the whole of it, part of it, or nothing at the 480-minute cap).
 */
export function CurrentSessionCard({ now }: { now: number }) {
  const { api } = useSignedIn();
  const session = useQuery(currentSessionQueryOptions(api));
  // Offline, an extension fails at once with the network error instead of waiting for the network.
  const extend = useMutation({ ...extendCurrentSessionMutationOptions(api), networkMode: 'always' });
  const [outcome, setOutcome] = useState<ExtensionOutcome | null>(null);
  const hintId = useId();

  const onExtend = (minutes: 60 | 240) => {
    const before = session.data;
    setOutcome(null);
    extend.mutate(
      { minutes },
      {
        onSuccess: (after) => {
          if (before) setOutcome(extensionOutcome(minutes, before, after));
        },
      },
    );
  };

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <SkeletonGroup label="セッションの状態を読み込んでいます">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-10 w-64" />
      </SkeletonGroup>
    );
  } else if (session.isError) {
    body = (
      <LoadFailed
        title="セッションの状態を読み込めませんでした"
        error={session.error}
        onRetry={() => void session.refetch()}
      />
    );
  } else {
    const status = session.data;
    const room = extensionRoomMinutes(status.expires_at, now);
    const tone = sessionTone(status);
    const remainingMinutes = Math.max(0, Math.floor((Date.parse(status.expires_at) - now) / 60_000));
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <p className="text-2xl font-bold tabular-nums text-foreground">
            {formatRemaining(status.expires_at, now)}
          </p>
          <p className="text-muted-foreground">
            有効期限 <time dateTime={status.expires_at}>{absoluteTime(status.expires_at)}</time>
          </p>
        </div>
        <Progress
          value={sessionProgress(remainingMinutes)}
          tone={progressTones[tone]}
          label={`セッションの残り時間（上限 ${SESSION_LENGTH_MINUTES} 分に対する割合）`}
        />
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {SESSION_EXTENSIONS_MINUTES.map((minutes) => (
              <Button
                key={minutes}
                variant="outline"
                loading={extend.isPending && extend.variables?.minutes === minutes}
                disabled={room < 1 || (extend.isPending && extend.variables?.minutes !== minutes)}
                aria-describedby={hintId}
                onClick={() => onExtend(minutes)}
              >
                {minutes} 分延長
              </Button>
            ))}
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            {room < 1
              ? `セッションは上限の ${SESSION_LENGTH_MINUTES} 分に達しているため、これ以上延長できません。`
              : room < Math.max(...SESSION_EXTENSIONS_MINUTES)
                ? `延長できるのはあと ${room} 分までです（セッションの長さの上限は ${SESSION_LENGTH_MINUTES} 分）。`
                : `延長しても、残り時間は ${SESSION_LENGTH_MINUTES} 分を超えません。`}
          </p>
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>この端末のセッション</h2>
        </CardTitle>
        <CardDescription>
          一定時間が過ぎると自動的にログアウトします。作業が続くときは延長してください。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {body}
        {/* Always in the document, so that the outcome is read out when it arrives. */}
        <div aria-live="polite" aria-atomic="true">
          {outcome ? (
            <Alert variant={outcome.tone} role="none">
              {outcome.message}
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
