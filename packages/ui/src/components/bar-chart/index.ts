export { BarChart, type BarChartDatum, type BarChartProps } from './bar-chart';
