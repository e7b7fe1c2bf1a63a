import { licensesBench } from './licenses.ts'
import { dependenciesBench } from './dependencies.ts'
import { CONSOLE } from './scenario.ts'
const postgresUrl = process.env.BENCH_DATABASE_URL
const which = process.argv[2] ?? 'licenses'
const f = which === 'licenses' ? await licensesBench(CONSOLE, { seconds: 8, max: 100, postgresUrl }) : await dependenciesBench(CONSOLE, { seconds: 8, max: 60, postgresUrl })
console.log(f)
