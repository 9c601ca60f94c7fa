import { describe, expect, it } from 'vitest'
import { checkCv, cvBody, isRealDate, type CvFormValues } from './rules'

const v = (o: Partial<CvFormValues> = {}): CvFormValues => ({
  entry_type: 'work',
  title: 'Engineer',
  organization: '',
  organization_url: '',
  location: '',
  description: '',
  start_date: '2020-01-15',
  end_date: '',
  is_current: false,
  ...o,
})

describe('CV entry rules', () => {
  it('knows real calendar dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true)
    expect(isRealDate('2023-02-29')).toBe(false)
    expect(isRealDate('2023-2-01')).toBe(false)
  })
  it('needs a title and a start date; an end date is not before the start', () => {
    expect(checkCv(v())).toEqual({})
    expect(checkCv(v({ title: '', start_date: '' }))).toEqual({ title: 'required', start_date: 'required' })
    expect(checkCv(v({ end_date: '2019-12-31' }))).toEqual({ end_date: 'endBeforeStart' })
    expect(checkCv(v({ end_date: '2020-01-15' }))).toEqual({})
    expect(checkCv(v({ organization_url: 'example.com' }))).toEqual({ organization_url: 'url' })
  })
  it('ignores and drops the end date of a current entry', () => {
    expect(checkCv(v({ is_current: true, end_date: '1999-01-01' }))).toEqual({})
    expect(cvBody(v({ is_current: true, end_date: '2021-01-01', organization: ' ' }))).toMatchObject({ is_current: true, end_date: null, organization: null })
  })
})
