/** Monthly-box page messages (issue 10 "Subscriptions beyond AD"), English. */
export const monthlyEn = {
  'monthly.title': 'Monthly box',
  'monthly.intro':
    'A box of 20, 22 or 24 pods on the same day every month, at the auto-delivery price. Skip, pause or cancel any time from your account.',
  'monthly.step.pick': 'Pick a box.',
  'monthly.step.pickText': 'Choose a box below, its size and the day it ships each month, then check out.',
  'monthly.step.day': 'Choose a day.',
  'monthly.step.dayText': 'Your box ships on that day of each month (the last day in shorter months).',
  'monthly.step.rotate': 'Choose or let us choose.',
  'monthly.step.rotateText': 'Change next month’s box from your auto-delivery page, or take our curated rotation and get a different box each month.',
  'monthly.filter.label': 'Box size',
  'monthly.filter.all': 'All boxes',
  'monthly.filter.count': '{n} pods',
  'monthly.form.box': 'Box',
  'monthly.form.day': 'Ships on',
  'monthly.form.dayN': 'day {d} of each month',
  'monthly.form.lastDay': 'the last day of each month',
  'monthly.empty': 'No box of this size is available right now.',
};
