import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardStoreFields } from '../../../domain/dashboard';
import { i18n } from '../../i18n/i18n';
import { chartCsv, chartFileStem, standaloneSvg, svgToPng } from './chartExport';

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
    expect(await readText(blob)).toBe('\uFEFFStore,Cards sold,Cards activated,Value activated,Consumptions,Value consumed\r\nCentro; Milano,1,1,50.00,2,1234.56\r\n');
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
      fillText: (text: string) => drawn.push(`fillText ${text}`),
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
    expect(drawn).toContain('fillText Saldo residuo');
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
