import {
  AppShell,
  Avatar,
  Burger,
  Button,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PRODUCT_NAME } from '@wd/contracts';
import { useState, useSyncExternalStore } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { signOut } from '../features/auth/api';
import { session } from '../lib/session';
import { usePhone } from '../lib/use-phone';
import { SideMenu } from './SideMenu';

function UserAvatar({ admin, name }: { admin: boolean; name: string }) {
  return (
    <Avatar
      radius="xl"
      size={32}
      color={admin ? 'grape' : 'blue'}
      variant={admin ? 'filled' : 'light'}
      // The account menu's button names the user; the picture adds nothing to it.
      aria-hidden
      data-testid={admin ? 'admin-avatar' : 'user-avatar'}
    >
      {admin ? '★' : name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

/** The signed-in shell: top bar, side menu, footer. Routes containing 'print' render bare. */
export function Layout() {
  const [opened, { toggle, close }] = useDisclosure();
  // On a phone the side menu is drawn once the burger first opens it, not at every start; from the
  // `sm` breakpoint (48em) it is always there.
  const phone = usePhone();
  const [menuWanted, setMenuWanted] = useState(false);
  if (opened && !menuWanted) setMenuWanted(true);
  const user = useSyncExternalStore(session.subscribe, session.get);
  const location = useLocation();
  const navigate = useNavigate();
  if (location.pathname.toLowerCase().includes('print')) return <Outlet />;
  if (!user) return null;
  const admin = user.type === 'admin';

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
            <Text component={Link} to="/" fw={800} fz="lg" c="blue.8" style={{ textDecoration: 'none' }}>
              {PRODUCT_NAME}
            </Text>
          </Group>
          <Group gap="sm">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton>
                  {/* Named by what it shows (no aria-label, so the name holds the visible text, WCAG 2.5.3). */}
                  <VisuallyHidden>Account menu:</VisuallyHidden>
                  <Group gap={8}>
                    <UserAvatar admin={admin} name={user.username} />
                    <Stack gap={0} visibleFrom="xs">
                      <Text fz="sm" fw={600} data-testid="user-name">
                        {user.username}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {admin ? 'Admin' : 'User'}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/changePassword">
                  Change password
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              variant="default"
              size="xs"
              onClick={async () => {
                await signOut();
                navigate('/signin');
              }}
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Side menu">
        {(!phone || menuWanted) && <SideMenu admin={admin} onNavigate={close} />}
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" justify="space-between">
          <Text fz="xs" c="dimmed">
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
