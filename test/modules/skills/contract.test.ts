import { describeSharedResource } from '../../helpers/shared-resource-suite.js'

/* Skills are a declaration on the shared-resource kit: the kit's contract, then skills.test.ts for what is theirs. */
describeSharedResource({
  name: 'skill',
  path: 'skills',
  entity: 'skill',
  events: 'skill',
  create: (n) => ({ name: `Contract skill ${n}`, proficiency: 50 }),
  update: { body: { category: 'Tools' }, field: 'category' },
  invalid: [
    { body: { name: '' }, field: 'name' },
    { body: { name: 'x', proficiency: 101 }, field: 'proficiency' },
    { body: { proficiency: -1 }, field: 'proficiency', on: 'update' },
  ],
})
