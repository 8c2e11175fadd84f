import type { Page } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { LANGUAGES } from '../../../domain/constants';
import { textsOf } from './texts';

/**
 * Issue 44, lengths: a menu entry or a button label longer than the layout shows, measured at
 * 1440 px in each language's own words.
 *
 * - A side-menu entry wraps (src/layout/SideMenu.tsx) but must fit in two lines of the menu's own
 *   label column, and no single word may be wider than the column (it would be broken mid-word,
 *   "Geschenkkartenbestel-lungen").
 * - A button's label (uppercase, MUI's button font) stays within BUTTON_MAX_PX on one line: about
 *   28 characters, what a list's toolbar at 1280 px holds beside its other actions without
 *   pushing them to a second row.
 *
 * Which texts are button labels is read from the screens themselves: the accessibility walk
 * collects every text button it meets in its language (`buttonTexts`), `keysShowing` finds the
 * keys those texts come from, and `tooLong` measures those keys' texts in all five languages with
 * the page's own fonts (canvas measureText), so the walk in one language proves the others'
 * words. The code's own buttons are added (`buttonKeysInCode`): every text key a `…Button`
 * element of src/ shows, so a button on a screen the walk does not reach (a dialog, a detail's
 * action) is measured too. The live screen is checked as well (`cutLabels`): nothing clipped,
 * nothing past the window.
 */
export const BUTTON_MAX_PX = 260;
export const MENU_MAX_LINES = 2;

export interface Label {
  /** language and key, for the failure message */
  where: string;
  text: string;
  kind: 'menu' | 'button';
}

/** The texts of the visible text buttons on the screen, as written (before CSS uppercases them). */
export async function buttonTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button.MuiButton-root, a.MuiButton-root')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter((text) => text.length > 0),
  );
}

/** Menu entries and buttons whose label the screen cuts (an overflow clipping it) or pushes past the window's right edge. */
export async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('[role=menuitem], .MuiButton-root')) {
      if (element.getClientRects().length === 0) continue;
      const label = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!label) continue;
      if (element.getBoundingClientRect().right > window.innerWidth + 1) faults.push(`«${label}» runs past the window`);
      for (const node of [element, ...element.querySelectorAll<HTMLElement>('*')]) {
        const style = getComputedStyle(node);
        if ((style.overflowX !== 'visible' || style.textOverflow === 'ellipsis') && node.scrollWidth > node.clientWidth + 1) {
          faults.push(`«${label}» is cut (${node.scrollWidth} > ${node.clientWidth} px)`);
          break;
        }
      }
    }
    return faults;
  });
}

/**
 * The keys (`area.path.key`) of a language whose text is exactly one of the shown texts. A text
 * several keys share ("Utenti carte ricaricabili": a back link's and a page title's) is taken as
 * the key the code's buttons show when one of them is (`preferred`), as all of them otherwise.
 */
export function keysShowing(language: string, shown: Iterable<string>, preferred: ReadonlySet<string> = new Set()): string[] {
  const byText = new Map<string, string[]>();
  for (const [key, text] of textsOf(language)) byText.set(text, [...(byText.get(text) ?? []), key]);
  return [...new Set(shown)].flatMap((text) => {
    const keys = byText.get(text) ?? [];
    const buttons = keys.filter((key) => preferred.has(key));
    return buttons.length > 0 ? buttons : keys;
  });
}

/** Every language's texts of the given keys, as labels of one kind. */
export function labelsOf(keys: Iterable<string>, kind: Label['kind']): Label[] {
  return LANGUAGES.flatMap((language) => {
    const texts = textsOf(language);
    return [...keys].flatMap((key) => {
      const text = texts.get(key);
      return text === undefined ? [] : [{ where: `${language} ${key}`, text, kind }];
    });
  });
}

/** Components that render a button under another name (the back link above a detail page). */
const LINK_BUTTONS = new Set(['BackLink']);
/** Buttons whose children are the question of the dialog they open, not their label. */
const DIALOG_BUTTONS = new Set(['ConfirmActionButton']);

/**
 * The text keys the code's buttons show: in every src/ TSX file, each JSX element named `Button`,
 * `…Button` or one of LINK_BUTTONS (icon buttons aside: they show no text) — its `label="key"`, and every
 * `translate('key')` in its label or its children.
 */
export function buttonKeysInCode(root = join(process.cwd(), 'src')): string[] {
  const keys = new Set<string>();
  const known = textsOf('it');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.tsx') && !/\.test\.tsx$/.test(file));
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const collect = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^(translate|t)$/.test(node.expression.text)) {
        const [first] = node.arguments;
        if (first && ts.isStringLiteralLike(first) && known.has(first.text)) keys.add(first.text);
      }
      node.forEachChild(collect);
    };
    const visit = (node: ts.Node) => {
      const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : undefined;
      const name = opening?.tagName.getText(source);
      if (opening && name && (/(^|[a-z])Button$/.test(name) || LINK_BUTTONS.has(name)) && !/IconButton$/.test(name)) {
        for (const attribute of opening.attributes.properties) {
          if (!ts.isJsxAttribute(attribute) || attribute.name.getText(source) !== 'label' || !attribute.initializer) continue;
          if (ts.isStringLiteral(attribute.initializer) && known.has(attribute.initializer.text)) keys.add(attribute.initializer.text);
          else collect(attribute.initializer);
        }
        // a confirming button's children are its dialog's question, not its label
        if (ts.isJsxElement(node) && !DIALOG_BUTTONS.has(name)) node.children.forEach(collect);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return [...keys];
}

/** Every side-menu entry and section heading of every language. */
export function menuLabels(): Label[] {
  return labelsOf(
    [...textsOf('it').keys()].filter((key) => key.startsWith('menu.items.') || key.startsWith('menu.sections.')),
    'menu',
  );
}

/**
 * The labels longer than the layout shows, measured in the page (which must show the side menu
 * open and at least one medium text button, e.g. a list screen at 1440 px).
 */
export async function tooLong(page: Page, labels: Label[]): Promise<string[]> {
  return page.evaluate(
    async ({ labels, buttonMax, menuLines }) => {
      await document.fonts.ready;
      const context = document.createElement('canvas').getContext('2d')!;
      const item = document.querySelector<HTMLElement>('[role=menuitem]');
      const caption = item?.querySelector<HTMLElement>('.MuiTypography-root');
      const button = document.querySelector<HTMLElement>('main .MuiButton-sizeMedium') ?? document.querySelector<HTMLElement>('.MuiButton-sizeMedium');
      if (!item || !caption || !button) return ['the page shows no side menu entry or no medium button to measure with'];
      const captionStyle = getComputedStyle(caption);
      const column = item.getBoundingClientRect().right - parseFloat(getComputedStyle(item).paddingRight) - caption.getBoundingClientRect().left;
      const buttonStyle = getComputedStyle(button);
      const width = (text: string, font: string) => {
        context.font = font;
        return context.measureText(text).width;
      };
      const shape = (text: string, transform: string) => (transform === 'uppercase' ? text.toUpperCase() : text);
      const faults: string[] = [];
      for (const label of labels) {
        // a placeholder's value is unknown here: a typical name stands for it
        const text = label.text.replace(/\{\{[^}]*\}\}/g, 'Xxxxxxxx');
        if (label.kind === 'button') {
          const shown = shape(text, buttonStyle.textTransform);
          const px = width(shown, buttonStyle.font);
          if (px > buttonMax) faults.push(`button ${label.where} «${label.text}» is ${Math.round(px)} px, over ${buttonMax} px`);
          continue;
        }
        const font = captionStyle.font;
        const words = shape(text, captionStyle.textTransform).split(/\s+/);
        const wide = words.filter((word) => width(word, font) > column);
        if (wide.length) faults.push(`menu ${label.where} «${label.text}»: «${wide.join(' ')}» is wider than the menu's ${Math.round(column)} px`);
        let lines = 1;
        let line = '';
        for (const word of words) {
          const next = line ? `${line} ${word}` : word;
          if (line && width(next, font) > column) {
            lines += 1;
            line = word;
          } else line = next;
        }
        if (lines > menuLines) faults.push(`menu ${label.where} «${label.text}» takes ${lines} lines of ${Math.round(column)} px, over ${menuLines}`);
      }
      return faults;
    },
    { labels, buttonMax: BUTTON_MAX_PX, menuLines: MENU_MAX_LINES },
  );
}
