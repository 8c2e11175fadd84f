import { Divider, ListSubheader } from '@mui/material';
import { Fragment, memo } from 'react';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { useShellMenu } from './ShellMenuContext';

/**
 * A menu entry's label wraps to a second line rather than being cut with an ellipsis (react-admin's
 * MenuItemLink writes it in a `noWrap` Typography inside a `nowrap` MenuItem): "Búsqueda de
 * tarjetas regalo", "Wallets der Tochterunternehmen" are longer than the sidebar in Spanish,
 * French and German (issue 43, labels cut off). Two lines stay compact (a tighter line height,
 * the MenuItem's own 48px minimum kept) and the icon stays centred on them.
 */
const WRAPPING_ITEM = {
  whiteSpace: 'normal',
  '& .MuiTypography-noWrap': { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', overflowWrap: 'break-word', hyphens: 'auto', lineHeight: 1.25 },
} as const;

/** A section's heading wraps the same way, on lines of its own height rather than the 32px of a one-line heading. */
const WRAPPING_HEADING = { lineHeight: 1.3, pt: 1, pb: 0.75, bgcolor: 'transparent', fontWeight: 600, overflowWrap: 'break-word', hyphens: 'auto' } as const;

/**
 * The side navigation, built from the resource registry filtered by `authProvider.canAccess`.
 * A section with one item shows as that item alone; larger sections get a heading. Memoised: the
 * layout renders again on every navigation, the menu only when the menu or the sidebar changes
 * (its entries follow the location themselves).
 */
export const SideMenu = memo(function SideMenu() {
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
            <ListSubheader role="none" disableSticky sx={WRAPPING_HEADING}>
              {translate(`menu.sections.${section.key}`)}
            </ListSubheader>
          )}
          {section.items.map((item) => (
            <Menu.Item
              key={item.key}
              to={item.path}
              primaryText={translate(`menu.items.${item.key}`)}
              leftIcon={item.icon ? <item.icon /> : section.icon}
              sx={WRAPPING_ITEM}
            />
          ))}
        </Fragment>
      ))}
    </Menu>
  );
});
