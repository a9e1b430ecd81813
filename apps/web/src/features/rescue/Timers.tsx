import type { Tone } from '../../lib/case-board.ts';

const COLOR: Record<Tone, string | undefined> = { normal: undefined, warn: '#fa8c16', late: '#f5222d' };

/** A ticking time (分:秒), orange from the warning and red past the limit. */
export function TimerText({ text, tone = 'normal' }: { text: string; tone?: Tone }) {
  return (
    <span
      style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: COLOR[tone] }}
      data-tone={tone}
    >
      {text}
    </span>
  );
}
