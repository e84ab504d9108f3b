import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader, type RoutePageProps } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { RetryAlert } from '@/components/retry-alert';
import { id as t } from '@/i18n/id';
import { hasFlag } from '@/lib/access';
import { dayjs } from '@/lib/dates';
import { useTopic } from '@/lib/realtime';
import { useSession } from '@/lib/session';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncementList, type AnnouncementFilter } from '../api/get-announcement-list';
import { useAnnouncementTags } from '../api/get-announcement-tags';
import { useSaveAnnouncement, type AnnouncementPayload } from '../api/save-announcement';
import { useSetAnnouncementImportant } from '../api/set-announcement-important';
import { ALL_TAG, ANNOUNCEMENT_TOPIC, PER_PAGE, type AnnouncementRow } from '../api/types';
import { AnnouncementCard, AnnouncementCardSkeleton } from '../components/announcement-card';
import { AnnouncementModal, type AnnouncementModalTarget } from '../components/announcement-modal';
import { parseMoment } from '../components/format';
import '../components/announcement.css';

const text = t.announcement;
const TAG_VALUES = ['office', 'pool', 'site', 'tug_boat'];

/** Page, tag and Penting live in the address bar (reload, Back and shared links keep them). */
function useFilterInUrl(): [AnnouncementFilter, (update: (current: AnnouncementFilter) => AnnouncementFilter) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page'));
  const tag = params.get('tag') ?? '';
  const filter = useMemo<AnnouncementFilter>(
    () => ({
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      tag: TAG_VALUES.includes(tag) ? tag : '',
      important: params.get('important') === '1',
    }),
    [page, tag, params],
  );
  const setFilter = useCallback(
    (update: (current: AnnouncementFilter) => AnnouncementFilter) => {
      setParams(
        (current) => {
          const next = update({
            page: Math.max(1, Number(current.get('page')) || 1),
            tag: TAG_VALUES.includes(current.get('tag') ?? '') ? (current.get('tag') ?? '') : '',
            important: current.get('important') === '1',
          });
          const out = new URLSearchParams();
          if (next.page > 1) out.set('page', String(next.page));
          if (next.tag) out.set('tag', next.tag);
          if (next.important) out.set('important', '1');
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filter, setFilter];
}

/** Refetch the list when the earliest scheduled announcement on screen becomes published. */
function useScheduledRefresh(rows: readonly AnnouncementRow[] | undefined, updatedAt: number) {
  const queryClient = useQueryClient();
  const due = (rows ?? [])
    .filter((row) => row.status === 'scheduled' && row.published_date)
    .map((row) => parseMoment(row.published_date).valueOf())
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (due === undefined) return;
    // A browser clock a little behind the server's gets another try after each answer.
    const wait = Math.max(0, due - dayjs().valueOf()) + 1_000;
    // Timers beyond ~24.8 days overflow; a page left open that long refetches on focus anyway.
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: [ANNOUNCEMENT_TOPIC, 'list'] }), wait);
    return () => clearTimeout(timer);
  }, [due, updatedAt, queryClient]);
}

export function AnnouncementPage({ title, breadcrumb }: RoutePageProps) {
  const { access } = useSession();
  const canCreate = hasFlag(access, 'allow_announcement_create');
  const canUpdate = hasFlag(access, 'allow_announcement_update');
  const canDelete = hasFlag(access, 'allow_announcement_delete');

  useTopic(ANNOUNCEMENT_TOPIC);
  const [filter, setFilter] = useFilterInUrl();
  const [target, setTarget] = useState<AnnouncementModalTarget | null>(null);
  const list = useAnnouncementList(filter);
  const tags = useAnnouncementTags();
  const save = useSaveAnnouncement();
  const remove = useDeleteAnnouncement();
  const important = useSetAnnouncementImportant();
  useScheduledRefresh(list.data?.rows, list.dataUpdatedAt);

  const total = list.data?.total ?? 0;
  const rows = list.data?.rows ?? [];
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));

  useEffect(() => {
    // Rows removed elsewhere can leave the current page past the end.
    if (list.data && filter.page > lastPage) setFilter((current) => ({ ...current, page: lastPage }));
  }, [list.data, filter.page, lastPage, setFilter]);

  const close = useCallback(() => setTarget(null), []);
  const backToFirstPage = () => setFilter((current) => ({ ...current, page: 1 }));

  const onSave = async (payload: AnnouncementPayload) => {
    await save.mutateAsync(payload);
    setTarget(null);
    backToFirstPage();
  };
  const onDelete = (hashId: string) => {
    remove.mutate(hashId, {
      onSuccess: () => {
        setTarget(null);
        backToFirstPage();
      },
    });
  };

  const tagOptions = tags.data ?? [];

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb}
        actions={
          canCreate ? (
            <Button onClick={() => setTarget({ kind: 'create' })}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {text.create}
            </Button>
          ) : null
        }
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          variant={filter.important ? 'warning' : 'outline-warning'}
          className="text-dark"
          aria-pressed={filter.important}
          title={text.importantOnly}
          onClick={() => setFilter((current) => ({ ...current, important: !current.important, page: 1 }))}
        >
          <i className={`bi ${filter.important ? 'bi-star-fill' : 'bi-star'} me-1`} aria-hidden="true" />
          {text.important}
        </Button>
        <div className="btn-group flex-wrap" role="group" aria-label={text.tagFilter}>
          {tagOptions.map((tag) => {
            const value = tag.value === ALL_TAG ? '' : tag.value;
            const active = filter.tag === value;
            return (
              <Button
                key={tag.value}
                size="sm"
                variant={active ? 'primary' : 'outline-primary'}
                aria-pressed={active}
                onClick={() => setFilter((current) => ({ ...current, tag: value, page: 1 }))}
              >
                {tag.label}
              </Button>
            );
          })}
        </div>
      </div>

      <section aria-label={text.list} aria-busy={list.isFetching}>
        {list.isError && !list.data ? (
          <RetryAlert message={text.loadError} retryLabel={text.retry} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <div className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 mb-3" role="status" aria-label={t.common.loading}>
            {Array.from({ length: PER_PAGE }, (_, index) => (
              <div className="col" key={index}>
                <AnnouncementCardSkeleton />
              </div>
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="text-muted text-center py-5 mb-3">{text.empty}</p>
        ) : (
          <ul className="row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3 mb-3 list-unstyled">
            {rows.map((row) => (
              <li className="col" key={row.hash_id}>
                <AnnouncementCard
                  row={row}
                  tags={tagOptions}
                  canUpdate={canUpdate}
                  canDelete={canDelete}
                  busy={
                    (important.isPending && important.variables?.hashId === row.hash_id) ||
                    (remove.isPending && remove.variables === row.hash_id)
                  }
                  onOpen={(current) => setTarget({ kind: 'open', hashId: current.hash_id })}
                  onToggleImportant={(current) => important.mutate({ hashId: current.hash_id, important: !current.is_important })}
                  onDelete={(current) => onDelete(current.hash_id)}
                />
              </li>
            ))}
          </ul>
        )}
        {list.data ? (
          <Pagination page={filter.page} perPage={PER_PAGE} total={total} onPageChange={(page) => setFilter((current) => ({ ...current, page }))} />
        ) : null}
      </section>

      <AnnouncementModal
        target={target}
        tags={tagOptions}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onSave={onSave}
        onDelete={onDelete}
        onClose={close}
      />
    </>
  );
}
