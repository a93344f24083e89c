export { formatDate, formatMoney, formatPercent } from '@wd/contracts';
