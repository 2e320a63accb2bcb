import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts the console draws: this module (and ECharts) loads with the pages that chart.
echarts.use([LineChart, BarChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/** An ECharts chart that follows its options and the window's width. */
export function Chart({ option, height, testId }: { option: ChartOption; height: number; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption(option);
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} style={{ height }} data-testid={testId} />;
}

const LOCALES = { 'en-US': 'en-US', chs: 'zh-CN', kh: 'km-KH' } as const;

/** A chart's day label ("YYYY-MM-DD", a Phnom Penh day) in the operator's language: "Jan 5", "1月5日", … */
export function dayLabel(day: string, language: keyof typeof LOCALES): string {
  return new Intl.DateTimeFormat(LOCALES[language], { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
