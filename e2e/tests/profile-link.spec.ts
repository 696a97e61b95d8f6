// Issue 27 (walk E26, E2, E5): a hand-written link with a profile, `?aqm=red&profile=ns3`, reads as
// `aqm-cli --profile ns3` reads a scenario file: the profile fills every field the link does not set (RED's
// ns-3 rules, ns-3's TCP), what the link sets wins, and the lab says which implementation it behaves as.
// It used to be refused ("profile is not a setting this page knows") and ran the papers' drop-tail.
import { labApi } from '../pages/SharePage'
import { test, expect } from '../fixtures'

test('?aqm=red&profile=ns3 runs ns-3 RED behind ns-3 TCP; a field the link sets wins', async ({ page, share }) => {
  await share.open('?aqm=red&profile=ns3')
  await expect(share.problems).toHaveCount(0)
  const lab = labApi(page)
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'red', wait: true, ns3_rules: true })
  const scenario = await lab.scenario()
  expect(scenario).toMatchObject({ profile: 'ns3', flows: [{ sack: true, initial_cwnd: 10 }] })
  // RED's own defaults stay where neither the link nor the profile sets them.
  expect(await lab.aqm()).toMatchObject({ min_th: 5, max_th: 15 })

  await share.open('?aqm=red&profile=ns3&wait=0&max_th=30')
  await expect(share.problems).toHaveCount(0)
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'red', wait: false, ns3_rules: true, max_th: 30 })

  // The page's own link to what runs keeps the profile readable and opens the same model.
  await share.openDialog()
  const link = await share.linkField.inputValue()
  expect(new URL(link).searchParams.get('profile')).toBe('ns3')
  expect(new URL(link).searchParams.get('wait')).toBe('0')
  await share.open(new URL(link).search)
  await expect.poll(() => lab.aqm()).toMatchObject({ kind: 'red', wait: false, ns3_rules: true, max_th: 30 })
  expect(await lab.scenario()).toMatchObject({ profile: 'ns3', flows: [{ sack: true }] })
})
