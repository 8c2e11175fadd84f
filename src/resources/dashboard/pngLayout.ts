/**
 * Where a chart's saved PNG puts things (chartExport.ts svgToPng), in CSS pixels before the scale:
 * the title on top, the chart at the size it has on screen, the legend's rows under it, a margin
 * all round. Apart from the drawing (no imports) so the e2e test checks a download against it.
 */
export const PNG_SCALE = 2;
export const PNG_PADDING = 12;
export const PNG_TITLE_HEIGHT = 32;
export const PNG_LEGEND_ROW = 22;

export interface PngLayout {
  /** the whole image, in CSS pixels (the file has `scale` × these) */
  width: number;
  height: number;
  /** where the chart's SVG is drawn, at its on-screen size */
  chart: { x: number; y: number; width: number; height: number };
  /** the first legend row's top */
  legendTop: number;
}

export function pngLayout(chart: { width: number; height: number }, legendRows: number): PngLayout {
  const legendHeight = legendRows > 0 ? PNG_LEGEND_ROW * legendRows + PNG_PADDING : 0;
  const top = PNG_PADDING + PNG_TITLE_HEIGHT;
  return {
    width: chart.width + 2 * PNG_PADDING,
    height: PNG_TITLE_HEIGHT + chart.height + legendHeight + 2 * PNG_PADDING,
    chart: { x: PNG_PADDING, y: top, width: chart.width, height: chart.height },
    legendTop: top + chart.height + PNG_PADDING,
  };
}
