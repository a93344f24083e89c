import { Button, Group, Menu } from '@mantine/core';
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
      {more.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-xs" variant="default" aria-label="More actions" title="More actions">
              ⋯
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((a) => (
              <Menu.Item key={a.label} color={a.color} onClick={() => onRun(a)}>
                {a.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
