// The parts of Chart.js the explorer draws with (bar charts), imported by name so the chunk holds only them.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip)

export { Chart }
