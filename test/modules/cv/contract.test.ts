import { describeSharedResource } from '../../helpers/shared-resource-suite.js'

/* CV entries are a declaration on the shared-resource kit: the kit's contract, then cv.test.ts for what is theirs. */
describeSharedResource({
  name: 'CV entry',
  path: 'cv',
  entity: 'cv_entry',
  events: 'cv',
  create: (n) => ({ entry_type: 'work', title: `Contract entry ${n}`, start_date: '2020-01-01' }),
  update: { body: { location: 'Berlin' }, field: 'location' },
  invalid: [
    { body: { entry_type: 'work', title: 'x', start_date: '2020-02-30' }, field: 'start_date' },
    { body: { entry_type: 'work', title: 'x', start_date: '2020-01-01', end_date: '2019-01-01' }, field: 'end_date' },
    { body: { is_current: true, end_date: '2021-01-01' }, field: 'end_date', on: 'update' },
  ],
})
