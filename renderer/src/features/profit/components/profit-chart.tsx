/**
 * 按月利润: the report period's profit by the month its contracts were created, as bars (a loss below the
 * axis in red), drawn by Apache ECharts through echarts-for-react. Only the pieces used are loaded (bar
 * chart, grid, tooltip, SVG renderer), so the chart adds little to the report's chunk; SVG also draws in
 * a test's DOM, where there is no canvas.
 */
// The ES module build: the CommonJS one's default export arrives as an object in the browser bundle.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ProfitByMonth } from '../../../../../contract/profit';
import { formatDecimalMoney, GAIN_COLOR, LOSS_COLOR } from '../../../components/profit-figures';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export const PROFIT_CHART_HEIGHT = 220;

/** The profit of a month as the bar's value (a float for drawing only: no sum is made of it). */
const barValue = (profit: string) => Number(profit);

/** The chart's option, from the report's `by_month` (every month of the period, oldest first). */
export function profitChartOption(byMonth: readonly ProfitByMonth[]) {
  return {
    animation: false,
    grid: { left: 12, right: 16, top: 24, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis' as const,
      axisPointer: { type: 'shadow' as const },
      formatter: (params: unknown) => {
        const [first] = params as Array<{ dataIndex: number }>;
        const month = first ? byMonth[first.dataIndex] : undefined;
        return month ? `${month.month}<br/>利润 ${formatDecimalMoney(month.profit)}` : '';
      },
    },
    xAxis: { type: 'category' as const, data: byMonth.map((month) => month.month) },
    yAxis: {
      type: 'value' as const,
      axisLabel: { formatter: (value: number) => value.toLocaleString('zh-CN') },
    },
    series: [
      {
        name: '利润',
        type: 'bar' as const,
        barMaxWidth: 36,
        data: byMonth.map((month) => ({
          value: barValue(month.profit),
          itemStyle: { color: barValue(month.profit) < 0 ? LOSS_COLOR : GAIN_COLOR },
        })),
      },
    ],
  };
}

export function ProfitChart({ byMonth }: { byMonth: readonly ProfitByMonth[] }) {
  return (
    <div className="profit-chart" role="img" aria-label="按月利润图">
      <ReactEChartsCore
        echarts={echarts}
        option={profitChartOption(byMonth)}
        notMerge
        opts={{ renderer: 'svg' }}
        style={{ height: PROFIT_CHART_HEIGHT, width: '100%' }}
      />
    </div>
  );
}
