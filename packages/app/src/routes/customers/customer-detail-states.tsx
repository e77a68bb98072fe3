import {
  Alert,
  Button,
  Card,
  CardContent,
  EmptyState,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  Link as TextLink,
} from '@tsumiki/ui';
import { ArrowLeft, RotateCw, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Back to the list as the user left it (its search, sort and page came along in the state). */
export function useListHref(): string {
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  return typeof listSearch === 'string' && listSearch.startsWith('?')
    ? `/customers${listSearch}`
    : '/customers';
}

export function BackToList({ listHref }: { listHref: string }) {
  return (
    <TextLink
      asChild
      variant={null}
      className="text-muted-foreground no-underline hover:text-foreground hover:underline"
    >
      <Link to={listHref}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        顧客一覧に戻る
      </Link>
    </TextLink>
  );
}

export function CustomerLoading({ back }: { back: ReactNode }) {
  return (
    <SkeletonGroup label="顧客情報を読み込んでいます" gap="lg">
      <PageHeader eyebrow={back} title={<Skeleton className="h-8 w-48" />} />
      <div className="grid gap-6 lg:grid-cols-5">
        <Skeleton className="h-96 lg:col-span-2" />
        <Skeleton className="h-96 lg:col-span-3" />
      </div>
    </SkeletonGroup>
  );
}

/** Not found; `erased` carries the server's wording when the customer was erased at their request. */
export function CustomerNotFound({
  back,
  erased,
}: {
  back: ReactNode;
  erased?: { message: string; suggestion: string | null } | undefined;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={back} title="顧客が見つかりません" />
      <Card>
        <CardContent>
          <EmptyState
            headingLevel={2}
            icon={
              <span className="mb-1 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
                <UserX aria-hidden="true" className="size-6" />
              </span>
            }
            title={erased ? erased.message : 'この顧客は存在しないか、表示できません'}
            description={
              erased?.suggestion ?? 'URL が正しいか確かめてください。顧客一覧から探すこともできます。'
            }
            action={
              <Button asChild>
                <Link to="/customers">顧客一覧へ</Link>
              </Button>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}

export function CustomerLoadFailed({
  back,
  message,
  onRetry,
}: {
  back: ReactNode;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={back} title="顧客詳細" />
      <Alert variant="error" title="顧客情報を読み込めませんでした">
        <p>{message}</p>
        <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          再試行
        </Button>
      </Alert>
    </div>
  );
}
