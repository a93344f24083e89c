import { Anchor, Badge, Box, Container, Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { session } from '../../../lib/session';
import { driverDb } from '../db';
import { startBackgroundSync } from '../sync';

/** `downloadedAt` → "6:02 AM, 3 h ago". */
export function dataAge(iso: string, now = Date.now()): string {
  const at = new Date(iso);
  const minutes = Math.max(0, Math.round((now - at.getTime()) / 60_000));
  const ago = minutes < 1 ? 'just now' : minutes < 60 ? `${minutes} min ago` : `${Math.floor(minutes / 60)} h ago`;
  return `${at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}, ${ago}`;
}

/** A badge's whole label, never cut to "ON…". */
export const FULL_LABEL = { label: { overflow: 'visible' } } as const;

function useOnline() {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    // A change between the first render and these listeners would otherwise go unseen.
    setOnline(navigator.onLine);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The driver's frame, sized for a phone held in one hand: the route and truck, how old the
 * day's data is, whether there is signal, and what waits to be sent. Syncs in the background.
 */
export function DriverLayout() {
  const online = useOnline();
  const meta = useLiveQuery(() => driverDb.meta.get('download'));
  const waiting = useLiveQuery(() => driverDb.queue.where('state').equals('waiting').count()) ?? 0;
  const refused = useLiveQuery(() => driverDb.queue.where('state').equals('refused').count()) ?? 0;
  const [, tick] = useState(0);
  useEffect(() => startBackgroundSync(), []);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  const user = session.get();
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        bg="blue.8"
        c="white"
        px="sm"
        py={8}
        pos="sticky"
        top={0}
        style={{ zIndex: 10 }}
        data-noprint
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to="/driver" c="white" fw={700} size="lg" underline="never" truncate="end">
            {meta?.route ? `${meta.route.name} · ${meta.route.truck}` : 'Route'}
          </Anchor>
          <Group gap={6} wrap="nowrap">
            <Badge color={online ? 'green' : 'gray'} variant="filled" size="md" aria-live="polite" styles={FULL_LABEL}>
              {online ? 'Online' : 'Offline'}
            </Badge>
            <Badge
              component={Link}
              to="/driver/queue"
              color={refused ? 'red' : waiting ? 'yellow' : 'blue'}
              variant="white"
              size="md"
              styles={FULL_LABEL}
              style={{ cursor: 'pointer' }}
              // The name starts with what the badge shows (WCAG 2.5.3), then says it in full.
              aria-label={`${refused ? `${refused} refused` : `${waiting} to send`}: ${waiting} waiting to be sent${refused ? `, ${refused} refused` : ''}`}
            >
              {refused ? `${refused} refused` : `${waiting} to send`}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="blue.0" data-testid="data-age">
          {meta ? `Data from ${dataAge(meta.downloadedAt)}` : 'Not downloaded yet'}
          {user ? ` · ${user.username}` : ''}
        </Text>
      </Box>
      <Container size="sm" px="sm" py="sm" component="main">
        <Outlet />
      </Container>
    </Box>
  );
}
