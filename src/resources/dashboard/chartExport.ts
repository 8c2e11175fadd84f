import type { ExportLanguage } from '../../../domain/giftcards';
import type { FieldSet } from '../../../domain/fields';
import { fieldsCsv } from '../../../domain/fieldCsv';
import { PNG_LEGEND_ROW, PNG_PADDING, PNG_SCALE, PNG_TITLE_HEIGHT, pngLayout } from './pngLayout';

/** `dashboard-outstanding_2026-10-01_2026-10-31`: the chart and its period, so files of other periods do not overwrite it. */
export function chartFileStem(chart: string, from: string, to: string): string {
  return `dashboard-${chart}_${from}_${to}`;
}

/**
 * A chart's data as the CSV every list writes (domain/fieldCsv.ts): its declared columns headed
 * in the user's language, that language's separator and decimal mark, BOM for Excel.
 */
export function chartCsv(fields: FieldSet, rows: ReadonlyArray<Record<string, unknown>>, language: ExportLanguage, text: (key: string) => string, timeZone: string): Blob {
  const csv = fieldsCsv(fields, { language, timeZone }, text);
  return new Blob([csv.header, ...rows.map(csv.line)], { type: 'text/csv;charset=utf-8' });
}

/**
 * What an SVG drawn as an image needs of the page's CSS: an `<img>` of an SVG sees none of the
 * document's style sheets, so each element carries these computed values inline. (The app's
 * fonts are the system's, which an SVG image can use: no @font-face to embed.)
 */
const INLINED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'visibility',
  'display',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
] as const;

/**
 * The chart's drawing in a figure. MUI X Charts 9 draws it in `svg.MuiChartsSvgLayer-root` inside
 * the `div.MuiChartsSurface-root` (in 7 the surface was the SVG itself); its HTML legend holds
 * small SVGs of its own, one colour mark per series, before the drawing in the document: so not
 * "the first SVG" but, failing the class names, the largest one.
 */
export function chartSvgOf(container: ParentNode): SVGSVGElement | null {
  const drawing = container.querySelector<SVGSVGElement>('svg.MuiChartsSvgLayer-root, .MuiChartsSurface-root > svg, svg.MuiChartsSurface-root');
  if (drawing) return drawing;
  const area = (svg: SVGSVGElement) => sizeOf(svg, 0).width * sizeOf(svg, 0).height;
  return Array.from(container.querySelectorAll<SVGSVGElement>('svg')).reduce<SVGSVGElement | null>((largest, svg) => (largest && area(largest) >= area(svg) ? largest : svg), null);
}

/** The SVG's size on screen; its width and height attributes where there is no layout (jsdom). */
function sizeOf(svg: SVGSVGElement, fallback = 0): { width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const attribute = (name: string) => Number.parseFloat(svg.getAttribute(name) ?? '') || 0;
  return { width: Math.round(box.width || attribute('width') || fallback), height: Math.round(box.height || attribute('height') || fallback) };
}

/** The chart's SVG as standalone markup: computed styles inline, its own size and namespace. */
export function standaloneSvg(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const { width, height } = sizeOf(svg);
  if (!width || !height) throw new Error('The chart has no size to be drawn at');
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const copies = [copy, ...Array.from(copy.querySelectorAll('*'))];
  originals.forEach((original, index) => {
    const computed = getComputedStyle(original);
    const style = (copies[index] as SVGElement).style;
    for (const property of INLINED) {
      const value = computed.getPropertyValue(property);
      if (value) style.setProperty(property, value);
    }
  });
  copy.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  if (!copy.getAttribute('viewBox')) copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return { markup: new XMLSerializer().serializeToString(copy), width, height };
}

export interface PngExtras {
  /** drawn above the chart: a saved image says what it shows */
  title: string;
  /** the series' names and colours (the chart's legend is HTML beside the SVG) */
  legend: ReadonlyArray<{ label: string; color: string }>;
  /** the page's font, for the title and legend */
  fontFamily: string;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The chart could not be drawn as an image'));
    image.src = src;
  });
}

/**
 * The standalone SVG drawn on a white canvas at `scale`× (sharp on high-density screens and in
 * print), at its on-screen size, with its title above and legend below (pngLayout.ts), as PNG.
 * A title or legend label longer than the chart is narrowed to its width rather than cut.
 */
export async function svgToPng({ markup, width, height }: { markup: string; width: number; height: number }, extras: PngExtras, scale = PNG_SCALE): Promise<Blob> {
  const image = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
  const layout = pngLayout({ width, height }, extras.legend.length);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(layout.width * scale);
  canvas.height = Math.round(layout.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to draw the chart on');
  context.scale(scale, scale);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = '#212121';
  context.textBaseline = 'middle';
  context.font = `600 16px ${extras.fontFamily}`;
  context.fillText(extras.title, PNG_PADDING, PNG_PADDING + PNG_TITLE_HEIGHT / 2, width);
  context.drawImage(image, layout.chart.x, layout.chart.y, layout.chart.width, layout.chart.height);
  context.font = `14px ${extras.fontFamily}`;
  extras.legend.forEach((item, index) => {
    const y = layout.legendTop + index * PNG_LEGEND_ROW;
    context.fillStyle = item.color;
    context.fillRect(PNG_PADDING, y + 4, 14, 14);
    context.fillStyle = '#212121';
    context.fillText(item.label, PNG_PADDING + 22, y + 11, width - 22);
  });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be saved as PNG'))), 'image/png'));
}
