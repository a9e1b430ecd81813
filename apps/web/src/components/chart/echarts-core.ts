/**
 * The one place the console loads ECharts: `echarts/core` with only the charts and components its
 * pages draw (tree-shaken; the SVG renderer, which prints as vectors and resizes crisply). Loaded by
 * EChart.tsx with a dynamic import, so it is a chunk of its own that no page without a chart fetches.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { init };
