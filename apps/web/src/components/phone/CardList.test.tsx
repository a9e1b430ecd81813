import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, getByText, mount, unmountAll } from '../../test/dom.tsx';
import { CardList, type CardListClasses } from './CardList.tsx';
import css from './phone.module.css';

afterEach(unmountAll);

interface Task {
  id: number;
  name: string;
  state: string;
  address: string | null;
}

const TASKS: Task[] = [
  { id: 1, name: '万象城 1 号梯', state: '待执行', address: '民族大道 136 号' },
  { id: 2, name: '航洋国际 3 号梯', state: '已完成', address: null },
];

const card = (onOpen?: (id: number) => void) => (t: Task) => ({
  key: t.id,
  testId: 'task-card',
  onOpen: onOpen && (() => onOpen(t.id)),
  title: t.name,
  tags: [{ label: '安装' }, { label: t.state, tone: t.state === '已完成' ? ('done' as const) : undefined }],
  fields: [t.address ?? '—', `任务 ${t.id}`],
});

const cards = () => [...document.querySelectorAll<HTMLElement>('[data-testid="task-card"]')];

describe('CardList', () => {
  it('says it is loading, then why there is no list, then that the list is empty', async () => {
    const view = await mount(<CardList items={undefined} loading card={card()} empty="没有任务" />);
    expect(getByText('正在加载…')).toBeTruthy();
    await view.rerender(
      <CardList
        items={undefined}
        error="任务加载失败：网络错误"
        errorTestId="why"
        card={card()}
        empty="没有任务"
      />,
    );
    const alert = getByText('任务加载失败：网络错误');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.dataset.testid).toBe('why');
    // A refusal wins over the rows the server sent with it.
    await view.rerender(<CardList items={TASKS} error="未绑定安装人员" card={card()} empty="没有任务" />);
    expect(cards()).toHaveLength(0);
    await view.rerender(<CardList items={[]} card={card()} empty="没有任务" summary="共 0 个" />);
    expect(getByText('没有任务')).toBeTruthy();
    expect(byText('共 0 个')).toHaveLength(0);
    // No empty state given: nothing at all.
    await view.rerender(<CardList items={[]} card={card()} />);
    expect(document.body.textContent).toBe('');
  });

  it('shows each card’s title, badges and lines, and opens it on a tap', async () => {
    const open = vi.fn();
    await mount(<CardList items={TASKS} card={card(open)} empty="没有任务" summary="共 2 个任务" />);
    expect(getByText('共 2 个任务')).toBeTruthy();
    const [first, second] = cards();
    expect(cards()).toHaveLength(2);
    expect(first.tagName).toBe('BUTTON');
    expect([...first.querySelectorAll('span')].map((s) => s.textContent)).toEqual([
      '万象城 1 号梯',
      '安装',
      '待执行',
    ]);
    expect([...first.querySelectorAll(':scope > div')].map((d) => d.textContent)).toEqual([
      '万象城 1 号梯安装待执行',
      '民族大道 136 号',
      '任务 1',
    ]);
    expect(getByText('已完成').className).toBe(css.badgeDone);
    expect(getByText('待执行').className).toBe(css.badge);
    await click(second);
    expect(open).toHaveBeenCalledWith(2);
  });

  it('is read only without onOpen, and a disabled card does not open', async () => {
    await mount(<CardList items={TASKS} card={card()} />);
    expect(cards().map((c) => c.tagName)).toEqual(['DIV', 'DIV']);
    await unmountAll();
    const open = vi.fn();
    await mount(
      <CardList
        items={TASKS}
        card={(t) => ({ ...card(open)(t), disabled: true, extra: <b>不符合 1 项</b> })}
      />,
    );
    expect((cards()[0] as HTMLButtonElement).disabled).toBe(true);
    await click(cards()[0]);
    expect(open).not.toHaveBeenCalled();
    expect(byText('不符合 1 项')).toHaveLength(2);
  });

  it('offers 加载更多 only when the page has more', async () => {
    const more = vi.fn();
    const view = await mount(<CardList items={TASKS} card={card()} onMore={more} />);
    await click(getByText('加载更多'));
    expect(more).toHaveBeenCalledTimes(1);
    await view.rerender(<CardList items={TASKS} card={card()} />);
    expect(byText('加载更多')).toHaveLength(0);
  });

  it('takes a page’s own classes for its parts', async () => {
    const look: Partial<CardListClasses> = { card: 'my-card', title: 'my-title', muted: 'my-muted' };
    const view = await mount(<CardList items={TASKS} card={card(() => {})} classes={look} />);
    expect(cards()[0].className).toBe('my-card');
    expect(getByText('万象城 1 号梯').className).toContain('my-title');
    expect(getByText('民族大道 136 号').className).toBe('my-muted');
    await view.rerender(<CardList items={[]} card={card()} empty="无" classes={{ empty: 'my-empty' }} />);
    expect(getByText('无').className).toBe('my-empty');
  });
});
