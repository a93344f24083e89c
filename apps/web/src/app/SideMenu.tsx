import { NavLink, ScrollArea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { menu } from './menu';
import {
  currentSection,
  enterSection,
  isSectionOpen,
  readChoices,
  type SectionChoices,
  writeChoices,
} from './side-menu';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

// Compact rows (28 px a section, 26 px an entry): an admin's 17 sections and the current section's
// entries (six at most) fit 1280×800 without scrolling.
const sectionStyles = {
  root: { paddingBlock: 4, lineHeight: '20px' },
  label: { fontWeight: 600 },
  section: { height: 20 },
} as const;
const entryStyles = { root: { paddingBlock: 3, lineHeight: '20px' } } as const;

/**
 * The side menu: a section per area, collapsible. The current page's section opens by itself; what
 * the user opens or closes is remembered in this browser.
 */
export function SideMenu({ admin, onNavigate }: { admin: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const sections = menu.filter((s) => !s.adminOnly || admin);
  const current = currentSection(sections, pathname);
  const [choices, setChoices] = useState<SectionChoices>(() => enterSection(readChoices(storage()), current));

  useEffect(() => {
    setChoices((before) => {
      const after = enterSection(before, current);
      if (after !== before) writeChoices(storage(), after);
      return after;
    });
  }, [current]);

  const toggle = (label: string) =>
    setChoices((before) => {
      const after = { ...before, [label]: !isSectionOpen(label, before, current) };
      writeChoices(storage(), after);
      return after;
    });

  return (
    <ScrollArea>
      {sections.map((section) => (
        <NavLink
          key={section.label}
          // A button that says whether its section is open: reachable by Tab, toggled by Enter or Space.
          component="button"
          type="button"
          aria-expanded={isSectionOpen(section.label, choices, current)}
          label={section.label}
          opened={isSectionOpen(section.label, choices, current)}
          onChange={() => toggle(section.label)}
          childrenOffset={12}
          // A closed section's entries are not rendered at all (Mantine keeps them, hidden, by
          // default): an admin's 17 sections would be 60-odd links drawn at every start.
          keepMounted={false}
          styles={sectionStyles}
          data-current={section.label === current || undefined}
        >
          {section.entries.map((e) => (
            <NavLink
              key={e.to}
              label={e.label}
              component={RouterNavLink}
              to={e.to}
              end
              onClick={onNavigate}
              styles={entryStyles}
            />
          ))}
        </NavLink>
      ))}
    </ScrollArea>
  );
}
