import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, type ComponentType } from 'react';
import type { Props as ApexProps } from 'react-apexcharts';
import styled, { useTheme } from 'styled-components';
import { Skeleton } from './skeleton';

/**
 * ApexCharts is large: it loads only when a chart is first shown, never with the landing page.
 * react-apexcharts 1.x (the last MIT release) is CommonJS: the bundler hands its `exports` object
 * over as the default, and the component is that object's own `default`.
 */
const ApexChart = lazy(() =>
  import('react-apexcharts').then((module) => {
    const exported = module.default as unknown as ComponentType<ApexProps> | { default: ComponentType<ApexProps> };
    return { default: 'default' in exported ? exported.default : exported };
  }),
);

const Box = styled.div`
  width: 100%;
  min-width: 0;
`;

interface ChartProps {
  /** Accessible name: the chart is one image to assistive tech; its numbers are shown as text nearby. */
  label: string;
  type: NonNullable<ApexProps['type']>;
  series: ApexProps['series'];
  options: ApexOptions;
  height: number;
}

export function Chart({ label, type, series, options, height }: ChartProps) {
  return (
    <Box role="img" aria-label={label} style={{ minHeight: height }}>
      <Suspense fallback={<Skeleton $height={`${height}px`} />}>
        <ApexChart type={type} series={series} options={options} height={height} width="100%" />
      </Suspense>
    </Box>
  );
}

/** Options every chart shares, in the current theme's colours (charts follow light/dark). */
export function useChartBase(): ApexOptions {
  const theme = useTheme();
  return {
    chart: {
      background: 'transparent',
      foreColor: theme.colors.textMuted,
      fontFamily: theme.fonts.body,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      redrawOnParentResize: true,
    },
    theme: { mode: theme.mode },
    grid: { borderColor: theme.colors.chartGrid, strokeDashArray: 3 },
    tooltip: { theme: theme.mode },
    dataLabels: { enabled: false },
    legend: { labels: { colors: theme.colors.textMuted } },
  };
}
