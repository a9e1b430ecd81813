import type { Key, ReactNode } from 'react';
import css from './phone.module.css';

/** A badge beside a card's title: its tone picks the phone pages' state colours. */
export interface PhoneTag {
  label: ReactNode;
  /** info (blue, the default), done (green), fail (red), wait (orange). */
  tone?: 'info' | 'done' | 'fail' | 'wait';
}

/** What one card of a CardList shows. */
export interface PhoneCard {
  key: Key;
  title: ReactNode;
  /** Badges beside the title, in order (a kind, a state). */
  tags?: PhoneTag[];
  /** Lines under the title, one each, in the muted style. */
  fields?: ReactNode[];
  /** Anything below the fields (a warning badge). */
  extra?: ReactNode;
  /** Opens what the card shows: the card is then a button. */
  onOpen?: () => void;
  disabled?: boolean;
  testId?: string;
}

/** Class names a page may give the list's parts to keep a look of its own; phone.module.css's otherwise. */
export interface CardListClasses {
  card: string;
  row: string;
  grow: string;
  title: string;
  muted: string;
  empty: string;
  error: string;
  summary: string;
  more: string;
}

const PHONE: CardListClasses = {
  card: css.cardButton,
  row: css.row,
  grow: css.grow,
  title: css.title,
  muted: css.muted,
  empty: css.empty,
  error: css.error,
  summary: css.summary,
  more: css.more,
};

const TONE: Record<NonNullable<PhoneTag['tone']>, string> = {
  info: css.badge,
  done: css.badgeDone,
  fail: css.badgeFail,
  wait: css.badgeWait,
};

export interface CardListProps<T> {
  /** undefined while loading or failed. */
  items: readonly T[] | undefined;
  card: (item: T) => PhoneCard;
  /** 正在加载… instead of the list. */
  loading?: boolean;
  /** Why there is no list (a failed load, a refusal): an alert instead of it. */
  error?: ReactNode;
  errorTestId?: string;
  /** Said when the list is empty (nothing when not given). */
  empty?: ReactNode;
  /** A line above the cards (共 N 个任务). */
  summary?: ReactNode;
  /** 加载更多 below the cards, when the page has more to show. */
  onMore?: () => void;
  classes?: Partial<CardListClasses>;
}

/**
 * A phone page's list of cards (the field worker's tasks, the patrol's tasks and targets): loading,
 * a failure or refusal, the empty state, then each card — a title with its badges, lines of fields,
 * a tap that opens it — and 加载更多. It renders its parts straight into the page's body.
 */
export function CardList<T>({
  items,
  card,
  loading,
  error,
  errorTestId,
  empty,
  summary,
  onMore,
  classes,
}: CardListProps<T>) {
  const c = { ...PHONE, ...classes };
  if (loading) return <div className={c.empty}>正在加载…</div>;
  if (error)
    return (
      <div className={c.error} role="alert" data-testid={errorTestId}>
        {error}
      </div>
    );
  if (!items || items.length === 0)
    return empty === undefined ? null : <div className={c.empty}>{empty}</div>;
  return (
    <>
      {summary !== undefined && <div className={c.summary}>{summary}</div>}
      {items.map((item) => {
        const k = card(item);
        const body = (
          <>
            <div className={c.row}>
              <span className={`${c.grow} ${c.title}`}>{k.title}</span>
              {k.tags?.map((tag, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a card's badges are fixed in number and order
                <span key={i} className={TONE[tag.tone ?? 'info']}>
                  {tag.label}
                </span>
              ))}
            </div>
            {k.fields?.map((field, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a card's lines are fixed in number and order
              <div key={i} className={c.muted}>
                {field}
              </div>
            ))}
            {k.extra}
          </>
        );
        return k.onOpen ? (
          <button
            key={k.key}
            type="button"
            className={c.card}
            data-testid={k.testId}
            disabled={k.disabled}
            onClick={k.onOpen}
          >
            {body}
          </button>
        ) : (
          <div key={k.key} className={c.card} data-testid={k.testId}>
            {body}
          </div>
        );
      })}
      {onMore && (
        <button type="button" className={c.more} onClick={onMore}>
          加载更多
        </button>
      )}
    </>
  );
}
