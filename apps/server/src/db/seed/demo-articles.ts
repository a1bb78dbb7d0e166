/*
 * The demo blog: six practical articles about running a fleet, in Markdown, as the super admin
 * would write them in the blog editor. Kept apart from the seeding code because it is mostly prose.
 */

export interface DemoArticle {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: string;
  content: string;
}

const AUTHOR = 'Fleet Console team';
export const DEMO_ARTICLE_AUTHOR = AUTHOR;

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    title: 'Schedule adherence: measuring on-time starts and fixing late ones',
    slug: 'schedule-adherence-on-time-starts',
    excerpt:
      'A trip that starts late is usually late everywhere after. How to measure departures honestly, find out why they slip, and fix the causes rather than the symptoms.',
    publishedAt: '2025-02-11T08:00:00Z',
    content: `Most delays a customer notices were created before the vehicle left the yard. A driver who starts twenty minutes late on a route with eight stops rarely makes that time back; more often the gap grows, because every stop after the first meets traffic the plan did not expect. That is why schedule adherence starts with the first departure.

## Measure the start, not just the finish

Many fleets only look at whether the last delivery happened "today". That hides the pattern. Measure three things for every trip:

- **Planned start**: the time the trip was supposed to leave its origin.
- **Actual start**: when the driver really left, taken from the driver app or the tracker, not from what the driver remembers.
- **The difference**, with a tolerance. A trip that leaves two minutes late is on time for most operations; one that leaves fifteen minutes late is not.

Pick the tolerance with the people who plan the routes. For a school run it may be five minutes, for a parcel route twenty. Write it down, because an argument about whether a trip was late is an argument about the tolerance.

Early starts matter too. A bus that leaves before its time can leave a child at the stop; a delivery van that arrives before the goods-in window opens waits at the gate. Treat "started too soon" as an exception just like "started late".

## Make lateness visible while it can still be fixed

A report on Friday that says Tuesday's trips were late is useful for planning, but it does nothing for Tuesday. The dispatcher needs to know at the moment the planned start passes and the vehicle has not moved. In Fleet Console that is the *started late* exception: it appears in the bell for the trip, with the expected and actual departure times, so someone can call the driver, warn the customer or move the next job.

Keep the bell quiet enough to be read. If every trip raises an exception, people stop looking. Tune the tolerance until the exceptions are the trips someone should actually act on.

## Find the real causes

Once you have a few weeks of honest start times, sort the late trips by cause. The same handful of causes appear in most fleets:

1. **The plan is wrong.** The loading time at the depot is longer than the schedule allows. If the same route is late every morning, the route is the problem, not the driver.
2. **The vehicle is not ready.** A missing walk-around check, an empty tank, a vehicle still in the workshop. These show up as late starts on a particular vehicle rather than a particular driver.
3. **The driver is not ready.** A late arrival, a missing document, a shift pattern that leaves too little rest. These follow a person.
4. **The trip changed at the last minute.** Orders added after the route was planned, or a stop moved. These cluster on certain days or customers.

Looking at late starts by route, by vehicle and by driver separates these quickly. A route that is late with every driver needs re-planning; a driver who is late on every route needs a conversation.

## Fixes that work

- **Move the planned start to match reality.** If loading takes forty minutes, plan forty minutes. A schedule that is always missed teaches everyone that schedules do not matter.
- **Plan repeating trips once.** Routes that run every day should be scheduled trips, created automatically for the days they run, so nobody retypes them and nobody forgets one.
- **Prepare the night before.** Fuel, checks and paperwork done at the end of the previous shift remove the most common morning delays.
- **Tell drivers early.** A notification the evening before, in the driver's own language, with the first stop and start time, prevents misunderstandings at 6 a.m.
- **Review weekly.** Ten minutes each week on the five worst trips does more than a monthly report nobody reads.

## What good looks like

You do not need perfect punctuality; you need predictable operations. A fleet where 95% of trips leave within their tolerance, and where every late one was seen and handled at the time, will keep its customers. Start by measuring the first departure honestly, make lateness visible while it matters, and fix the causes one at a time.`,
  },
  {
    title: 'Proof of delivery that settles disputes',
    slug: 'proof-of-delivery-that-settles-disputes',
    excerpt:
      'A signature squiggle on a phone proves very little. What makes proof of delivery useful when a customer says the parcel never arrived, and how to build an approval routine around it.',
    publishedAt: '2025-03-18T08:00:00Z',
    content: `"It never arrived." Every delivery business hears it, and most cannot answer it quickly. The driver remembers the street but not the door; the signature on the handheld could be anyone's; the customer service team spends twenty minutes on a call and then refunds the order anyway. Good proof of delivery turns that call into a thirty-second look at a record.

## What proof has to show

A dispute is settled when the record answers four questions without anyone's memory:

- **What** was delivered: the order number, matched to the task on the trip.
- **Where**: the destination of the stop and the position of the driver when the task was completed.
- **When**: the arrival and departure times at the stop, and the time the task was completed.
- **How**: a photo of the goods where they were left.

Signatures alone answer none of these well. Photos, tied to a task with an order number on a trip with a time and a position, answer all four.

## Taking photos that prove something

Teach drivers what a useful photo looks like, once, with examples:

1. **Show the goods and the place together.** A parcel on a doorstep with the house number visible is proof; a close-up of a box is not.
2. **One order, one photo.** When several orders go to one address, photograph each label, or lay the parcels out with their labels facing the camera.
3. **Show the condition.** If packaging is damaged on arrival, photograph it before handing it over. This protects the driver as much as the company.
4. **Never photograph people** unless your policy says so and they agree. The door, the goods and the label are enough.

Keep the process short. If completing a task takes more than a few taps, drivers will find ways around it on a busy day.

## Approve the proof while memories are fresh

Photos are only useful if someone looks at them. A simple routine works well:

- Each completed task that needs a check goes to a **pending** state.
- A manager reviews pending tasks during the day and **accepts** or **rejects** each one.
- A rejected task goes back with a note saying why: the label is unreadable, the photo shows the wrong door.

In Fleet Console this is the approvals dashboard: pending requests with the driver, destination, task and photos, and an approve action that offers only "accepted" or "rejected". Doing this daily, rather than when a complaint arrives, catches the unreadable photo while the driver can still go back.

Some customers want to see the proof themselves. A client approval view that shows their own tasks with photos, read-only, answers many questions before they become complaints.

## Use order history for the hard cases

When a dispute does arrive, search by order number. The order history shows who completed it, at which destination, the arrival and departure times and the completion time, with the status: completed, pending or missed. A "missed" order is as important as a completed one: it tells you the driver knew the delivery did not happen, and when.

## Measure what the disputes tell you

Track disputes per thousand deliveries, and what the evidence showed:

- **Delivered correctly**: the photo settled it. Share the photo with the customer and close the case.
- **Delivered to the wrong place**: a training or address-data problem. Look at whether the same address or driver appears again.
- **Not delivered**: the task was marked complete without the delivery. This is rare but serious, and the record makes it visible.

Over a few months the pattern shows where to act: a neighbourhood with confusing addresses, a driver who needs coaching, a customer who disputes everything.

## Start small

You do not need to photograph every parcel on day one. Start with high-value orders and customers who have disputed before, make the approval routine a habit, and extend it as drivers get used to it. The first refund you avoid because a photo showed the parcel behind the customer's own gate will pay for the effort.`,
  },
  {
    title: 'School-bus route safety: a checklist for operators',
    slug: 'school-bus-route-safety-checklist',
    excerpt:
      'Safe school transport is mostly routine done every day: the right stops, the right children, a checked vehicle and a clear plan for when the bus is late.',
    publishedAt: '2025-04-22T08:00:00Z',
    content: `Parents judge a school-bus operator on two things: that their child arrives safely, and that they are told when something goes wrong. Both depend less on heroics than on routines that are followed every single day. This checklist covers the routines we see working best.

## 1. Stops that are safe to use

A stop is more than a point on a map.

- **Pick stops where children do not cross a busy road** to board. Where crossing is unavoidable, the driver should be able to see the crossing clearly.
- **Keep the number of stops reasonable.** Each extra stop adds time and another place where something can go wrong. Combine stops that are a short walk apart.
- **Record the exact position** of each stop, not the street name. A driver covering for a colleague needs to find the right corner in the dark.
- **Review the stops every term.** New housing, roadworks and changed school hours all move the best place to stop.

## 2. Know which child boards where

Every route should have a list of students by stop, available to the driver and to the office. When a parent calls to ask whether the bus has passed their stop, the office should be able to answer from the route, the stop and the bus's position, without calling the driver while they drive.

Keep the list current. A child who has moved house or changed school and is still on the list wastes time at a stop; a new child who is not on it may be left behind.

## 3. A vehicle checked before it leaves

A walk-around check before the first trip of the day catches most problems that would otherwise cause a breakdown with children on board:

- tyres, lights and indicators;
- doors, emergency exits and their alarms;
- seats and seat belts where fitted;
- first-aid kit and fire extinguisher present and in date;
- a clean windscreen and working wipers.

Record the check and any defect. A defect that is written down gets fixed; one that is mentioned in the corridor often does not. Keep the vehicle's maintenance history with it, so a recurring fault is seen as a pattern.

## 4. Drivers who are ready

- Licences and any required checks in date, with copies kept on the driver's record.
- Enough rest between the afternoon run and the next morning.
- Clear instructions, in the driver's own language, for what to do when a child is not at the stop, when a child is unwell, and when the bus is running late.

## 5. Know at once when a bus is late

The most common failure is not an accident but a late or missed run that nobody noticed in time. Set the planned departure for each route and let the system flag a bus that has not left on time. In Fleet Console, morning and afternoon routes are scheduled trips, and a late start raises an exception for the office to act on straight away: call the driver, send a spare vehicle, tell the school.

Also watch for early departures. A bus that leaves a stop before its time may leave a child behind who arrived on time.

## 6. Tell parents and schools

Decide in advance who tells whom:

- **The school** should hear about any run more than a few minutes late, before the bell.
- **Parents** should hear about significant delays and cancellations through the channel they agreed to.
- **The driver** should not be the one making these calls while driving.

A short message sent early ("Route 4 is running 15 minutes late this morning") prevents dozens of anxious calls.

## 7. Record incidents and learn from them

Keep a record of every incident, however small: a minor collision in the car park, a child injured on the steps, a near miss at a crossing. Note where, when, which route and which vehicle, with pictures where helpful. Reviewed every term, these records show which stops, routes or times of day need attention before something serious happens.

## The routine is the safety

None of this is complicated. What makes the difference is doing it every day, on every route, including the day a driver is off sick and someone else takes the bus. Write the routines down, make them easy to follow, and let the system do the watching so people can do the caring.`,
  },
  {
    title: 'Preventive maintenance intervals: time, distance or engine hours?',
    slug: 'preventive-maintenance-intervals',
    excerpt:
      'Breakdowns cost far more than the services that prevent them. How to set maintenance intervals that fit how each vehicle is used, and how to keep the history that tells you whether they work.',
    publishedAt: '2025-06-03T08:00:00Z',
    content: `A vehicle that breaks down on a route costs the repair, the tow, the missed deliveries, the overtime to catch up and the customer's patience. A planned service costs the service. Preventive maintenance is the cheapest reliability a fleet can buy, but only if the intervals fit how the vehicles are really used.

## Three ways to measure an interval

**Calendar time.** Service every so many months. Simple to plan, and right for things that age whether the vehicle moves or not: brake fluid, batteries, inspections required by law. On its own it over-services vehicles that sit idle and under-services ones that work every day.

**Distance.** Service every so many kilometres. The natural measure for road vehicles that drive between stops: delivery vans, buses, cars. It tracks wear on tyres, brakes and engines well.

**Engine hours.** Service every so many hours the engine runs. Right for vehicles that work while standing still or moving slowly: construction machines, airport tugs, vehicles that idle for long periods with air conditioning running. A van that idles a lot wears its engine far more than its odometer suggests.

Most fleets need a combination: "every 15,000 km or 12 months, whichever comes first" is a common pattern for road vehicles, while plant and airside equipment are better served by engine hours with a calendar backstop.

## Start from the manufacturer, then adjust

The manufacturer's schedule is the starting point, and following it matters for warranties. But the manufacturer cannot know your duty cycle. Adjust when:

- vehicles work in **heavy conditions**: dust on construction sites, constant stop-start in city delivery, high heat;
- vehicles **idle** for long periods;
- the **same fault keeps appearing** before the scheduled service.

Make one change at a time and watch the results for a few months before making another.

## Keep the history with the vehicle

Intervals only improve if you can see what happened. For every service and repair, record:

- the **date** and the **type** of work (scheduled service, tyres, brakes, unplanned repair);
- the **cost**;
- **who** did the work;
- a **note** on what was found.

In Fleet Console the maintenance page lists each vehicle with its last service, its last note and the next one predicted, and the full history opens from the row. When a vehicle's history shows three unplanned repairs between two services, that vehicle's interval is too long, or its duty is harder than the rest of the fleet's.

## Plan services around the work

A service that takes a vehicle off a route at short notice causes the disruption it was meant to prevent. Plan services into the schedule:

- book them on days with lighter routes;
- keep a spare vehicle for the days a service overruns;
- when a service is due, move the vehicle's trips to another before the day arrives, not on the morning.

## Listen to the drivers

Drivers notice a vehicle pulling to one side, a new noise or a warning light long before a service does. Make reporting easy, record every report against the vehicle, and check the reports when planning the next service. A defect report that leads to a small repair today prevents a breakdown next month.

## Watch the cost per vehicle

Over a year, compare maintenance cost per vehicle with what each vehicle did. Vehicles that cost far more than the rest for the same work are candidates for replacement; the money saved on a newer vehicle's repairs often covers much of its cost.

## A simple way to begin

1. List every vehicle with its current odometer reading or engine hours and its last service date.
2. Set an interval for each type of vehicle from the manufacturer's schedule.
3. Record every service and repair from today, with its cost.
4. After three months, look for the vehicles whose unplanned repairs cluster, and shorten their interval.

Preventive maintenance is not a project with an end. It is a habit of recording what happens and adjusting, a little at a time, until breakdowns become rare enough to be surprising.`,
  },
  {
    title: 'Spotting fuel fraud in your refuel records',
    slug: 'spotting-fuel-fraud-in-refuel-records',
    excerpt:
      'Fuel is one of the largest costs a fleet has, and one of the easiest to lose quietly. The patterns in refuel records that deserve a second look, and the controls that stop most losses.',
    publishedAt: '2025-08-12T08:00:00Z',
    content: `Fuel is one of the biggest costs a fleet carries, and one of the easiest to lose without anyone noticing. A few litres here and there into a private car, a fuel card lent to a friend, a receipt for more than went into the tank: each looks small, and together they add up. The good news is that most losses leave a trace in the refuel records, if the records are kept well and someone looks.

## Keep records that can be checked

Every refuel should be recorded with:

- the **driver** and the **vehicle**;
- the **date and time**;
- the **volume** and the **amount** paid;
- the **trip** the vehicle was on, where there was one;
- a **photo of the receipt** where your process allows.

A refuel record that is not linked to a vehicle and a trip can only be checked against the driver's word. Linked records can be checked against what the vehicle actually did.

## Patterns that deserve a second look

None of these proves fraud on its own. Each is a reason to look closer.

**More fuel than the tank holds.** A refuel volume larger than the vehicle's tank capacity means fuel went somewhere else, or the record is wrong. Either needs explaining.

**Refuels that do not match the distance.** Compare litres bought with distance driven over a week or a month. A vehicle whose consumption suddenly rises, with no change in its routes or load, is either developing a fault or losing fuel.

**Refuels far from the route.** A refuel at a station nowhere near the trip the vehicle was on, or at a time the vehicle's positions show it was somewhere else.

**Refuels when the vehicle was not working.** Fuel bought on a day off, late at night or at weekends, for a vehicle whose positions show it did not move.

**Frequent small refuels.** Several small purchases in a day, each below any review threshold, where one full tank would do.

**Round numbers and duplicates.** Amounts that are always round, or the same receipt entered twice.

## Look at drivers and vehicles side by side

Ranking drivers by fuel volume and cost over a period, next to their trips and working hours, shows outliers quickly. In Fleet Console, the working-hours summary lists each driver's trips, working time and fuel for the dates you choose, and the driver's own fuel tab lists every refuel with its volume, amount and trip. A driver who buys twice as much fuel as colleagues on similar routes is the first conversation to have.

Look at vehicles the same way: a vehicle that uses more fuel than identical vehicles on similar routes may need maintenance rather than an investigation. Leaking fuel systems, underinflated tyres and dragging brakes all raise consumption.

## Controls that prevent most losses

- **Fuel cards tied to one vehicle**, with the odometer entered at each refuel, and limits on volume per purchase and purchases per day.
- **Receipts photographed at the pump**, attached to the refuel record.
- **Regular review**, weekly for the largest consumers, monthly for the rest. People behave differently when they know records are read.
- **Clear rules, written down**: what the card may be used for, what happens to personal purchases made by mistake, and what happens when rules are broken.

## Handle suspicions fairly

When the records raise a question, ask before accusing. Many anomalies have innocent explanations: a detour for a road closure, a refuel entered against the wrong vehicle, a fault that made the engine thirsty. Give the driver a chance to explain, check the explanation against the trip and position records, and keep notes of what was found.

When the explanation does not hold, the same records that raised the question are the evidence. That is why complete, linked records matter: they protect honest drivers as much as they expose dishonest ones.

## Start this month

Pick one month of refuel records. For each vehicle, add up the litres and compare them with the distance driven and the vehicle's normal consumption. Mark the refuels larger than the tank and the ones on days the vehicle did not move. In most fleets, that hour of work finds something worth a conversation, and the habit of looking is what keeps losses small afterwards.`,
  },
  {
    title: 'Driver onboarding: the first two weeks',
    slug: 'driver-onboarding-first-two-weeks',
    excerpt:
      'New drivers who leave in their first weeks cost you the hiring twice. A practical two-week plan for bringing drivers in: paperwork, the app, ride-alongs and the first trips on their own.',
    publishedAt: '2025-10-07T08:00:00Z',
    content: `Hiring a driver takes weeks; losing one takes a bad first fortnight. Drivers who feel lost, unprepared or ignored in their first two weeks are the ones most likely to leave, and the ones most likely to make the costly mistakes: the wrong stop, the damaged vehicle, the missed delivery. A short, deliberate onboarding plan prevents most of it.

## Before day one

Do the paperwork before the driver arrives, so the first day is about the work.

- **Documents**: copies of the licence, any professional qualifications and the employment contract, stored on the driver's record where the office can find them later.
- **Account**: the driver created in the system with their e-mail, their vehicle, their hourly rate and the **language** they are most comfortable in. Instructions and notifications in a driver's own language avoid a large share of early misunderstandings.
- **Vehicle**: assigned, checked and ready, with its documents on board.
- **A named buddy**: an experienced driver the new one can call with questions.

## Days 1–2: the basics

**The depot and the vehicle.** Where vehicles are parked, where keys and fuel cards live, how the walk-around check is done and recorded, what to do with a defect.

**The driver app.** Sign in, share location, open today's trips, see the stops in order, complete a task with a photo. Practise on a test trip in the yard until it is automatic. Most of the "the app does not work" calls in the first week are about something nobody showed the driver.

**The rules that matter.** What to do when a customer is not there, when a stop cannot be reached, when the vehicle breaks down, when there is an accident. Keep it to one page.

## Days 3–5: ride-alongs

Put the new driver on real routes next to an experienced one. The first day they watch; the second they drive while the buddy navigates; the third the buddy only watches.

During ride-alongs, the new driver should see how an experienced colleague handles the awkward parts of the job: the customer who wants the parcel somewhere else, the loading bay that is always blocked, the school gate where parents park on the bus stop. No handbook covers these.

## Week 2: their own trips, with a safety net

Give the new driver their own routes, chosen with care:

- **shorter routes** with fewer stops at first;
- **familiar areas**, ideally ones from the ride-alongs;
- **no time-critical jobs** for the first few days.

Watch the first trips closely, and use what the system already tells you. Late starts, missed destinations and long stays show up as exceptions; task photos show whether proof of delivery is being captured properly. Each is a chance to help, not to punish: a short call after the trip ("the photo at stop four was hard to read, try to get the label in") is worth more than a warning a month later.

Send a short notification at the start of each day with the first stop and start time. New drivers appreciate knowing what to expect.

## The end-of-week-2 conversation

At the end of the second week, sit down for fifteen minutes:

- What went well? What was confusing?
- Which parts of the app or the job need another explanation?
- Are the hours, the routes and the vehicle working for them?

Then look at their first trips together: start times, completed tasks, any exceptions. Agree on one or two things to improve, and on when the next check-in will be.

## What to measure

To know whether onboarding works, track for each new driver:

- whether they are still with you after three months;
- their on-time starts and completed tasks in weeks 2 to 4 compared with experienced drivers;
- incidents and damage in their first month.

When one of these looks poor across several new drivers, the onboarding needs changing, not the drivers.

## It pays for itself

Two weeks sounds like a lot of time to spend on one driver. Compare it with hiring again, with a damaged vehicle or with a lost customer. A driver who is well prepared, knows the tools and knows who to call is a driver who stays, and who does the job the way your customers expect from the first week.`,
  },
];
