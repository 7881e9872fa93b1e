/**
 * Test fixtures: drafts written for the SpamAssassin check (coaching.spamassassin.test.ts) — clean
 * cold emails, spam, and drafts in between. Each is what a user would paste into /email-coaching:
 * the campaign's placeholders and spintax included.
 */
export interface CorpusDraft {
  id: string;
  kind: "clean" | "spam" | "borderline";
  from: string;
  subject: string;
  body: string;
}

export const CORPUS: CorpusDraft[] = [
  {
    id: "clean-hiring",
    kind: "clean",
    from: "Jane Porter <jane@northwind.test>",
    subject: "{{ company_name }}'s SDR hiring",
    body: `Hi {{ first_name }},

I saw that {{ company_name }} is hiring three SDRs in Berlin. Teams growing that fast often lose a day a week cleaning lead lists before each campaign.

Northwind checks every address and fills in the company data as leads come in, so your new reps start with a list they can trust. Fabrikam cut its bounce rate from 9% to under 2% in their first month.

Would a 15-minute call next Tuesday be useful to see if it fits your team?

Best,
Jane

Not the right person? Reply "no" and I won't write again.`,
  },
  {
    id: "clean-insight",
    kind: "clean",
    from: "Marco Ruiz <marco@tailspin.test>",
    subject: "{Idea|A thought} for {{ company_name }}",
    body: `{Hi|Hello} {{ first_name }},

{{ company_insight }} caught my eye. When a support team doubles like that, the first thing to slip is response time on the weekend.

We help teams like yours route weekend tickets to the right person in minutes, without adding shifts. Contoso's weekend backlog went from 300 tickets to 40.

Is weekend coverage on your list this quarter?

Marco
{{ unsubscribe_url }}`,
  },
  {
    id: "clean-html",
    kind: "clean",
    from: "Priya Shah <priya@lumen.test>",
    subject: "Question about {{ company_name }}'s onboarding",
    body: `<p>Hi {{ first_name }},</p>
<p>I read your post about onboarding new customers at {{ company_name }}. You mentioned that setup calls take most of your team's week.</p>
<p>Lumen turns those calls into a short guided checklist your customers finish on their own. Teams like yours usually get back about ten hours a week, and customers go live sooner.</p>
<p>Could I show you how it works in a quick call next week?</p>
<p>Thanks,<br>Priya</p>
<p style="color:#666666">If this isn't relevant, <a href="{{ unsubscribe_url }}">let me know</a> and I won't follow up.</p>`,
  },
  {
    id: "clean-followup",
    kind: "clean",
    from: "Tom Becker <tom@adatum.test>",
    subject: "Following up, {{ first_name }}",
    body: `Hi {{ first_name }},

Last week I wrote about the time your finance team spends matching invoices by hand at {{ company_name }}.

One more idea: most of our customers start with a single supplier to see if the numbers hold up. It takes about an hour to set up, and you keep full control of the approvals.

Would that be a sensible first step for you?

Tom

If you'd rather not hear from me, just reply and I'll stop.`,
  },
  {
    id: "clean-link",
    kind: "clean",
    from: "Ana Lima <ana@fourthcoffee.test>",
    subject: "Your team's coffee orders",
    body: `Hi {{ first_name }},

Your office in {{ city }} has grown quite a bit this year, and ordering coffee for a bigger team gets messy fast.

We deliver fresh beans to offices every two weeks and adjust the amount as your team changes. You can see how it works here: https://fourthcoffee.test/offices

Would you like me to send a sample box to your office?

Ana

Not interested? Reply "stop" and I won't email again.`,
  },
  {
    id: "clean-short-question",
    kind: "clean",
    from: "Leo Park <leo@wingtip.test>",
    subject: "Quick question, {{ first_name }}",
    body: `Hi {{ first_name }},

I work with sales leaders at companies like {{ company_name }} on one narrow problem: reps forgetting to log calls, which leaves forecasts guessing.

Our app logs every call on its own and reminds reps of what is missing before the weekly review. Northwind's managers now trust their forecast again.

Who on your team looks after the CRM? I'd be glad to send them a short demo.

Thanks,
Leo

P.S. If this is not a fit, reply "no" and I will close the loop.`,
  },
  {
    id: "spam-prize",
    kind: "spam",
    from: "Prize Center <winner@prizes.test>",
    subject: "CONGRATULATIONS!!! YOU HAVE WON $1,000,000 CASH",
    body: `<html><body><p><font size="7" color="red"><b>DEAR FRIEND, YOU ARE A WINNER!!!</b></font></p>
<p>Act now! This is a once in a lifetime opportunity. 100% GUARANTEED. Risk free! No credit card required.
Get paid $$$ from home. Click here to claim your FREE gift and cash bonus now!!!</p>
<p><a href="http://bit.ly/win-now">http://www.paypal.com/claim</a></p>
<img src="http://prizes.test/banner.jpg"><img src="http://prizes.test/b2.jpg">
<p style="display:none">free money guaranteed</p>
<p>Million dollars waiting for you. Wire transfer of the funds of US$25 MILLION.</p>
</body></html>`,
  },
  {
    id: "spam-pills",
    kind: "spam",
    from: "Pharmacy <sales@pills.test>",
    subject: "Cheap VIAGRA - lose weight FAST - 100% guaranteed!!!",
    body: `<html><body>
<p><b>CHEAP VIAGRA</b> and diet pills! Lose weight fast with our MIRACLE formula. No prescription needed!!!</p>
<p>100% GUARANTEED results or your money back. Risk free! Order now, limited time offer, best price online.</p>
<p><a href="http://tinyurl.com/pills-now">CLICK HERE</a> <a href="http://pills.test/a">ORDER NOW</a> <a href="http://meds.test/b">BUY NOW</a></p>
<img src="http://pills.test/pills.jpg">
</body></html>`,
  },
  {
    id: "spam-income",
    kind: "spam",
    from: "Income Team <info@cash.test>",
    subject: "Make money fast - double your income from home!",
    body: `Dear Friend,

Are you tired of working for someone else? MAKE MONEY FROM HOME!!! Our system is 100% GUARANTEED to double your income in 30 days. Earn extra cash, work from home, financial freedom is one click away!!!

This is a once in a lifetime opportunity. No experience needed. No credit card required. Risk free!

Act now, limited time only: https://bit.ly/cash-system

$$$ Get paid $$$ Get paid $$$`,
  },
  {
    id: "spam-advance-fee",
    kind: "spam",
    from: "Barrister James <james@lawfirm.test>",
    subject: "URGENT BUSINESS PROPOSAL",
    body: `Dear Friend,

I am Barrister James, the personal attorney to the late Mr. Johnson, who died in a car accident with his family. He left the sum of US$15,500,000.00 (Fifteen Million Five Hundred Thousand United States Dollars) in a bank here. I need your assistance to transfer these funds to your account. You will receive 40% of the total sum for your assistance.

This transaction is 100% risk free. Please reply URGENT with your full name, telephone number and bank details so that the wire transfer can begin immediately.

God bless you.`,
  },
  {
    id: "spam-phish",
    kind: "spam",
    from: "Account Security <no-reply@secure-login.test>",
    subject: "Verify your account immediately!!!",
    body: `<html><body>
<p>Dear Customer,</p>
<p>We detected unusual activity. Your account will be suspended!!! Verify your account immediately to avoid losing access.</p>
<p><a href="http://secure-login.test/verify">https://www.paypal.com/signin</a></p>
<p><a href="http://bit.ly/verify-acct">Click here</a> to confirm your password and credit card details now.</p>
<p style="font-size:1px;color:#ffffff">a b c d e f g h i j k l m n o p</p>
</body></html>`,
  },
  {
    id: "borderline-free-trial",
    kind: "borderline",
    from: "Sam Green <sam@contoso.test>",
    subject: "Free trial for {{ company_name }}",
    body: `Hi {{ first_name }},

We offer a free trial of our scheduling tool. It is the best price on the market and we guarantee you will love it. No credit card required!

Sign up today: https://contoso.test/trial

Sam`,
  },
  {
    id: "borderline-long",
    kind: "borderline",
    from: "Olivia Chen <olivia@fabrikam.test>",
    subject: "Introducing Fabrikam's comprehensive enterprise procurement optimization platform for modern organizations",
    body: `Hello,

We are Fabrikam, a leading provider of comprehensive enterprise procurement optimization solutions. Our platform leverages sophisticated machine learning methodologies to deliver unprecedented operational efficiencies across multinational organizations, including automated supplier qualification, contract lifecycle management, spend analytics, invoice reconciliation, and compliance monitoring capabilities. We have worked with numerous organizations across manufacturing, healthcare, financial services, and retail industries, consistently delivering measurable improvements in procurement performance indicators. Our implementation methodology incorporates comprehensive stakeholder engagement, iterative configuration, and continuous optimization to ensure sustainable value realization. Additionally, our customer success organization provides dedicated support throughout the entire engagement lifecycle, including training, documentation, and quarterly business reviews. We believe our capabilities would be extremely valuable for your organization, and we would welcome the opportunity to present our solution to your procurement leadership team at your earliest convenience.

Regards,
Olivia Chen
Fabrikam`,
  },
  {
    id: "borderline-links",
    kind: "borderline",
    from: "Nina Ortiz <nina@proseware.test>",
    subject: "Resources for {{ first_name }}",
    body: `<p>Hi {{ first_name }},</p>
<p>Here are a few resources our customers love:</p>
<p><a href="https://proseware.test/guide">Our guide</a>, <a href="https://blog.example.test/post">a blog post</a>, <a href="https://youtube.test/watch">a video</a>, <a href="https://proseware.test/pricing">pricing</a> and <a href="https://bit.ly/prose-demo">book a demo</a>.</p>
<img src="https://proseware.test/logo.png">
<p>Nina</p>`,
  },
  {
    id: "borderline-pushy",
    kind: "borderline",
    from: "Ryan Fox <ryan@alpine.test>",
    subject: "Last chance: 50% discount ends today!",
    body: `Hi {{ first_name }},

Our 50% discount ends today! This special promotion is only for a few companies like {{ company_name }}. Don't miss out, act fast and book your demo now.

Reply to this email and we will set it up immediately.

Ryan`,
  },
];
