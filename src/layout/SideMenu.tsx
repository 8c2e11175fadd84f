import { Divider, ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { useShellMenu } from './ShellMenuContext';

/**
 * The side navigation, built from the resource registry filtered by `authProvider.canAccess`.
 * A section with one item shows as that item alone; larger sections get a heading.
 */
export function SideMenu() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const { menu } = useShellMenu();

  return (
    <Menu aria-label={translate('layout.mainMenu')}>
      {menu.map((section, index) => (
        <Fragment key={section.key}>
          {index > 0 && <Divider sx={{ my: 0.5 }} />}
          {section.items.length > 1 && open && (
            // role none: a role=menu list owns only menu items, groups and separators (axe aria-required-children)
            <ListSubheader role="none" disableSticky sx={{ lineHeight: '32px', bgcolor: 'transparent', fontWeight: 600 }}>
              {translate(`menu.sections.${section.key}`)}
            </ListSubheader>
          )}
          {section.items.map((item) => (
            <Menu.Item
              key={item.key}
              to={item.path}
              primaryText={translate(`menu.items.${item.key}`)}
              leftIcon={item.icon ? <item.icon /> : section.icon}
            />
          ))}
        </Fragment>
      ))}
    </Menu>
  );
}
