import { Button, Group, Title } from '@mantine/core';
import type { Call, CallRoute } from '@wd/contracts';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useShellTitle } from '../../lib/app-shell';
import { downloadListCsv, ExportCsvButton } from '../ExportCsvButton';

/** The buttons of a list's header, right of its title. */
export interface ListHeaderActions {
  /** More buttons, first (Print, Import …). */
  actions?: ReactNode;
  /** The list's Export CSV call: a button that downloads every row under the current filter and sort. */
  exportCsv?: CallRoute;
  /** The export call's path parameters (a price group's items: its id). */
  exportParams?: Record<string, unknown>;
  /** The area's recover list (soft-deleted records): a Recover button. */
  recoverTo?: string;
  backTo?: string;
  /** A Back button while the list has no rows: one step back in history (undoing the last filter), else `/`. */
  backWhenEmpty?: boolean;
  addNewTo?: string;
  addNewLabel?: string;
}

interface ListHeaderProps extends ListHeaderActions {
  title: ReactNode;
  /** The filter the controls show, read when Export CSV is clicked (the rows may still be the last filter's). */
  exportFilter: () => Record<string, unknown>;
  /** The list answered and has no rows. */
  empty: boolean;
}

export function ListHeader({ title, exportFilter, empty, ...a }: ListHeaderProps) {
  useShellTitle(title);
  const navigate = useNavigate();
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));
  return (
    <Group justify="space-between" align="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="xs">
        {a.actions}
        {a.exportCsv && (
          <ExportCsvButton run={() => downloadListCsv(a.exportCsv as Call, exportFilter(), a.exportParams)} />
        )}
        {a.recoverTo && (
          <Button variant="default" component={Link} to={a.recoverTo}>
            Recover
          </Button>
        )}
        {a.backTo && (
          <Button variant="default" component={Link} to={a.backTo}>
            Back
          </Button>
        )}
        {a.backWhenEmpty && !a.backTo && empty && (
          <Button variant="default" onClick={back}>
            Back
          </Button>
        )}
        {a.addNewTo && (
          <Button component={Link} to={a.addNewTo}>
            {a.addNewLabel ?? 'Add New'}
          </Button>
        )}
      </Group>
    </Group>
  );
}
