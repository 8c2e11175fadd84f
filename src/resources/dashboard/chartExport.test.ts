import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardStoreFields } from '../../../domain/dashboard';
import { i18n } from '../../i18n/i18n';
import { chartCsv, chartFileStem, chartSvgOf, standaloneSvg, svgToPng } from './chartExport';
import { pngLayout } from './pngLayout';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

describe('chart downloads', () => {
  it("writes a chart's declared columns as the lists' CSV: English header, comma, point", async () => {
    const rows = [{ storeId: 's1', storeName: 'Centro; Milano', soldCount: 1, activatedCount: 1, activatedCents: 5000, consumedCount: 2, consumedCents: 123456 }];
    const blob = chartCsv(dashboardStoreFields, rows, 'en', (key) => i18n.getFixedT('en')(key), 'Europe/Rome');
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(await readText(blob)).toBe('\uFEFFStore,Cards sold,Cards activated,Value activated,Redemptions,Value redeemed\r\nCentro; Milano,1,1,50.00,2,1234.56\r\n');
    expect(chartFileStem('store', '2026-10-01', '2026-10-31')).toBe('dashboard-store_2026-10-01_2026-10-31');
  });

  it('makes the SVG standalone: computed styles inline, its size and namespace', () => {
    document.body.innerHTML = '<style>.axis { fill: rgb(1, 2, 3); font-size: 12px; font-family: Arial }</style><svg width="320" height="200" class="MuiChartsSurface-root"><g><text class="axis">01/10</text><rect width="10" height="20" style="fill: rgb(21, 101, 192)"></rect></g></svg>';
    const { markup, width, height } = standaloneSvg(document.querySelector('svg')!);
    expect([width, height]).toEqual([320, 200]);
    const copy = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
    expect(copy.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(copy.getAttribute('viewBox')).toBe('0 0 320 200');
    const text = copy.querySelector('text')!.getAttribute('style')!;
    expect(text).toContain('fill: rgb(1, 2, 3)');
    expect(text).toContain('font-size: 12px');
    expect(text).toContain('font-family: Arial');
    expect(copy.querySelector('rect')!.getAttribute('style')).toContain('fill: rgb(21, 101, 192)');
    // the page's own SVG is left as it was
    expect(document.querySelector('text')!.getAttribute('style')).toBeNull();
  });

  it("finds the chart's drawing, not the legend's colour marks before it (issue 42: a 74×250 PNG of a 13 px mark)", () => {
    // MUI X Charts 9: the HTML legend's marks are SVGs, then the surface (a div) holds the drawing's SVG
    const legend = '<ul class="MuiChartsLegend-root"><li><svg width="13" height="13" viewBox="0 0 13 13"><rect width="13" height="13"></rect></svg>Carte vendute</li><li><svg width="13" height="13"><rect></rect></svg>Carte attivate</li></ul>';
    document.body.innerHTML = `<div id="v9">${legend}<div class="MuiChartsSurface-root"><svg class="MuiChartsSvgLayer-root" viewBox="0 0 640 260"><g></g></svg></div></div>`;
    expect(chartSvgOf(document.getElementById('v9')!)!.getAttribute('viewBox')).toBe('0 0 640 260');
    // MUI X Charts 7: the surface was the SVG
    document.body.innerHTML = `<div id="v7">${legend}<svg class="MuiChartsSurface-root" width="640" height="260"></svg></div>`;
    expect(chartSvgOf(document.getElementById('v7')!)!.getAttribute('width')).toBe('640');
    // other class names: the largest SVG, wherever it is
    document.body.innerHTML = `<div id="other">${legend}<svg id="drawing" width="640" height="260"></svg><svg width="20" height="20"></svg></div>`;
    expect(chartSvgOf(document.getElementById('other')!)!.id).toBe('drawing');
    document.body.innerHTML = '<div id="none"><p>Nessun dato</p></div>';
    expect(chartSvgOf(document.getElementById('none')!)).toBeNull();
  });

  it('takes the size the SVG has on screen, not its attributes nor a default; refuses one with none', () => {
    document.body.innerHTML = '<svg class="MuiChartsSvgLayer-root" width="13" height="13" viewBox="0 0 640.4 260"></svg>';
    const svg = document.querySelector('svg')!;
    vi.spyOn(svg, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, width: 640.4, height: 260, top: 0, left: 0, right: 640.4, bottom: 260, toJSON: () => ({}) });
    const { markup, width, height } = standaloneSvg(svg);
    expect([width, height]).toEqual([640, 260]);
    const copy = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement;
    expect([copy.getAttribute('width'), copy.getAttribute('height')]).toEqual(['640', '260']);
    // the chart's own coordinates kept: all of it is drawn in that box
    expect(copy.getAttribute('viewBox')).toBe('0 0 640.4 260');
    document.body.innerHTML = '<svg></svg>';
    expect(() => standaloneSvg(document.querySelector('svg')!)).toThrow('no size');
  });

  it("lays the PNG out round the chart's on-screen size: title, chart, a row per legend item, margins", () => {
    expect(pngLayout({ width: 640, height: 260 }, 2)).toEqual({ width: 664, height: 372, chart: { x: 12, y: 44, width: 640, height: 260 }, legendTop: 316 });
    expect(pngLayout({ width: 640, height: 260 }, 0)).toMatchObject({ width: 664, height: 316 });
  });

  it('draws the SVG as an image on a white canvas at twice its size, with title and legend, as PNG', async () => {
    // jsdom draws nothing: the boundaries are what is handed to the image and the canvas
    const drawn: string[] = [];
    const images: Array<{ src: string }> = [];
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(value: string) {
          images.push({ src: value });
          queueMicrotask(() => this.onload?.());
        }
      },
    );
    const context = {
      scale: (x: number, y: number) => drawn.push(`scale ${x} ${y}`),
      fillRect: (...args: number[]) => drawn.push(`fillRect ${context.fillStyle} ${args.join(' ')}`),
      fillText: (text: string, _x: number, _y: number, maxWidth?: number) => drawn.push(`fillText ${text} ${maxWidth}`),
      drawImage: (_image: unknown, ...args: number[]) => drawn.push(`drawImage ${args.join(' ')}`),
      fillStyle: '',
      font: '',
      textBaseline: '',
    };
    let size: number[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return context as unknown as CanvasRenderingContext2D;
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback, type?: string) {
      size = [this.width, this.height];
      callback(new Blob(['png'], { type }));
    });

    const blob = await svgToPng({ markup: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', width: 300, height: 200 }, { title: 'Saldo residuo', legend: [{ label: 'Saldo residuo', color: '#1565c0' }], fontFamily: 'Arial' });
    expect(blob.type).toBe('image/png');
    expect(images[0].src).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')}`);
    // 2×: 12 px margins, a 32 px title, the chart, one 22 px legend row and its gap
    expect(size).toEqual([(300 + 24) * 2, (32 + 200 + 22 + 12 + 24) * 2]);
    expect(drawn[0]).toBe('scale 2 2');
    expect(drawn[1]).toMatch(/^fillRect #ffffff 0 0 /);
    // the title and the legend's labels no wider than the chart: narrowed, not cut
    expect(drawn).toContain('fillText Saldo residuo 300');
    expect(drawn).toContain('fillText Saldo residuo 278');
    expect(drawn).toContain('drawImage 12 44 300 200');
  });

  it('says so when the SVG cannot be drawn', async () => {
    vi.stubGlobal(
      'Image',
      class {
        onerror: (() => void) | null = null;
        set src(_value: string) {
          queueMicrotask(() => this.onerror?.());
        }
      },
    );
    await expect(svgToPng({ markup: '<svg/>', width: 1, height: 1 }, { title: 't', legend: [], fontFamily: 'Arial' })).rejects.toThrow('could not be drawn');
  });
});
