import { Button, Group, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ConfirmOptions } from '../confirm';

export interface RowAction {
  label: string;
  /** A link … */
  to?: string;
  /** … or an action; when it resolves the list reloads at page 1. */
  run?: () => Promise<unknown> | unknown;
  /** Asked first (Yes/No). */
  confirm?: ConfirmOptions;
  /** false: the action only opens something (a dialog); the list does not reload. */
  reload?: boolean;
  color?: string;
  hidden?: boolean;
  /** A link to the row's own page: the row's link column and a click on the row open it too. */
  opens?: boolean;
}

interface RowActionsProps {
  actions: RowAction[];
  /** How many show as buttons; past that the rest (with 0, all) go into a compact ⋯ menu. */
  inline: number;
  onRun(action: RowAction): void;
}

/** A row's action buttons, the ones past `inline` in a ⋯ menu. */
export function RowActions({ actions, inline: count, onRun }: RowActionsProps) {
  const shown = actions.filter((a) => !a.hidden);
  const inline = shown.slice(0, shown.length > count ? Math.max(count - 1, 0) : count);
  const more = shown.slice(inline.length);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {inline.map((a) =>
        a.to ? (
          <Button key={a.label} component={Link} to={a.to} size="compact-xs" variant="light" color={a.color}>
            {a.label}
          </Button>
        ) : (
          <Button key={a.label} size="compact-xs" variant="light" color={a.color} onClick={() => onRun(a)}>
            {a.label}
          </Button>
        ),
      )}
      {more.length > 0 && <MoreActions actions={more} onRun={onRun} />}
    </Group>
  );
}

const moreProps = {
  size: 'compact-xs',
  variant: 'default',
  'aria-label': 'More actions',
  title: 'More actions',
  'aria-haspopup': 'menu',
} as const;

/**
 * The ⋯ menu of one row. A menu is a popover whose positioning hooks run for every row on screen
 * and set state as each row mounts (a second render of every row): most rows' menus are never
 * opened, so until a row's is, the row shows a plain button. The first click (or Enter, Space)
 * puts the menu in its place, focuses its button and opens it, as a click on the menu's own button
 * would; from then on it is Mantine's menu, which takes the focus into its items and gives it back
 * to the button when it closes.
 */
function MoreActions({ actions, onRun }: { actions: RowAction[]; onRun(action: RowAction): void }) {
  const [armed, setArmed] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!armed) return;
    target.current?.focus();
    setOpened(true);
  }, [armed]);
  if (!armed)
    return (
      <Button {...moreProps} aria-expanded={false} onClick={() => setArmed(true)}>
        ⋯
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} {...moreProps}>
          ⋯
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.label} color={a.color} onClick={() => onRun(a)}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
