/**
 * The evaluation corpus of the built-in reply classifier (docs/ai/reply-intent.md): labelled
 * replies written separately from the training corpus and never trained on. The model's reported
 * accuracy, per-class precision and recall and confusion matrix are measured on it. " | " is a
 * line break.
 */
import { parseCorpus } from "./reply-intent.training-data.ts";

const INTERESTED = `
Yes, let's talk. Does Friday at 11 work for you?
This is relevant for us. Can you send me a few time slots?
I'd like to see a demo with my team, how about next Tuesday?
Send me pricing please, we are looking at this for next month.
Happy to chat, give me a call on 020 7946 0018.
We need something like this. What's the onboarding process?
Interested. Please send more details.
Can you show us how this works? Book a meeting with me.
Let's set up a call, I'll bring our head of marketing.
Sure, I'm open to learning more.
Yes, we'd be interested in a trial for our sales team.
Could you share a case study from a SaaS company? Then let's meet.
That's timely, we were about to look for a vendor. Let's speak this week.
Please send a proposal for 10 users.
How soon could we get started? We'd like a demo first.
Hi Sam, yes this is on our roadmap. When can we talk? | Thanks, | Olivia
Sounds interesting! | -- | Ben Carter | VP Growth | Brightline
Sure, let's meet. | | On Thu, Jan 9, 2025 Sam wrote: | > Could I show you how teams like yours book more meetings?
Love the idea. Can you do Monday afternoon?
OK, I'm interested, set up a time with me.
What would the cost be for an agency with 5 clients? Keen to explore.
Let's chat next week, I'm free most mornings.
Ja, gerne. Schicken Sie mir bitte ein paar Terminvorschläge.
Oui, envoyez-moi plus d'informations s'il vous plaît.
Sí, me gustaría ver una demo.
Great, please send an invite for a call.
We'd like to explore this further. Who can run a demo?
Happy to learn more, book a slot on my calendar.
Sounds like a good fit, can we talk tomorrow?
Yes, please send the information over and let's schedule a call.
I'm interested in the pilot you mentioned. Next steps?
Let's do a quick call to see if it makes sense for us.
`;

const NOT_NOW = `
Not the right time for us, please reach out in a few months.
Try me again next quarter, we're busy with a launch.
We don't have budget until next year. Follow up in January.
Maybe in the autumn, we're fully booked until then.
Please circle back after the summer holidays.
Timing isn't right. Contact me again in Q2.
We're tied up with a system migration. Let's revisit later in the year.
Interesting, but not a priority right now. Check back in six months.
Can you follow up in 60 days? Too much on at the moment.
We just renewed with our current vendor, reach out again next year.
We're in a hiring freeze, let's talk later this year.
Not now, maybe next fiscal year.
Please get back in touch in April once our budget is approved.
I'd like to revisit this later, the team is stretched thin.
Let's reconnect after our reorganisation is finished.
Reach out again in a couple of months, I may have time then.
Not at the moment. Touch base next quarter.
Thanks, but the timing doesn't work. Follow up after the new year.
We are focused on other projects this quarter. Maybe later.
Could we talk about this in the spring instead?
Not yet. Let's revisit when our contract is up in October.
Please check back in three months.
Busy season right now, ping me again in June. | Best, | Kate
Not now, sorry. | | On Fri, Feb 7, 2025 Sam wrote: | > Worth a quick chat about your outbound this month?
Bitte kontaktieren Sie mich in ein paar Monaten wieder.
Pas maintenant, peut-être l'année prochaine.
Quizás más adelante, ahora no es buen momento.
We will reconsider next budget cycle, please reach out then.
Give me until after our funding round closes, then let's talk.
Later this year would be better, reach out in September.
Not this quarter, maybe next.
Ask me again after our product launch in May.
`;

const NOT_INTERESTED = `
No thanks, not interested.
Please remove me from your mailing list.
We are not interested in your product.
Stop emailing us please.
Unsubscribe me.
We already use another tool and we're happy with it.
No need for this, thank you.
Don't contact me again.
Not interested at all.
We have no interest in this, please stop.
Thanks, but we'll pass.
This is not relevant to us. Remove me.
We do this internally and don't need a vendor.
Take me off your list.
No. We're not buying.
Please stop the follow-ups, we're not interested.
I'm not interested, and please don't email my colleagues either.
We are happy with our current solution, no thank you.
Not for us. | Sent from my phone
No thanks. | | On Mon, Jun 2, 2025 Sam wrote: | > Open to a quick call about lead generation?
Kein Interesse, danke.
Non merci, cela ne nous intéresse pas.
No gracias, no estamos interesados.
Please don't send any more emails.
We're not a fit and have no need. Please stop reaching out.
I'll pass, thank you.
Not something we would ever use.
Remove this address from your database.
No interest. Please opt me out.
We decided not to pursue this. Please don't follow up.
Not interested, this is spam.
We don't need any help with outbound, thanks.
`;

const OUT_OF_OFFICE = `
I'm out of the office until 14 March with limited email access. For urgent issues contact my assistant.
Thank you for your message. I am on vacation until next Wednesday.
I'm currently on annual leave and will return on Monday 3 November.
Automatic reply: I'm out of office today and will respond tomorrow.
I am travelling and will have limited access to email until Thursday.
I'm on parental leave until April. Please contact the team inbox.
This is an auto-reply. I am away until the 21st and will respond on my return.
I'm attending an event this week and will reply when I'm back in the office.
Out of office until Monday. Your message will not be forwarded.
I'm on holiday with no access to email, back on the 8th.
I am currently out of the office on sick leave.
Hi, I'm OOO until Friday. Please expect a delay in my reply.
Thanks for your note. I am away from my desk until 2 January.
I am on leave and will return on 15/09. For urgent matters please call reception.
Ich bin bis einschließlich 12. Mai nicht im Büro. Ihre E-Mail wird nicht weitergeleitet.
Vielen Dank für Ihre E-Mail. Ich bin im Urlaub und ab Montag wieder da.
Je suis absent jusqu'au 3 juin et n'ai pas accès à mes e-mails.
Merci pour votre message. Je suis en congé et serai de retour le 10 septembre.
Estoy de vacaciones hasta el 5 de agosto. Responderé a mi regreso.
Fuera de la oficina hasta el lunes con acceso limitado al correo.
Sono in ferie fino al 28 agosto. Per urgenze contattare il mio collega.
Ik ben op vakantie en terug op 12 augustus.
Estou de férias e retorno no dia 3.
Jag är ledig till och med måndag.
I'm away at a conference with limited access to email. I'll respond next week.
Thank you for your email. I'm out of the office and will return on 6 October. | | Kind regards, | Lena Fischer
My office is closed until the new year, I'll get back to you then.
I'm on a business trip until Thursday with spotty email access.
I'm on maternity leave and will not be checking email.
Currently away, back next Tuesday.
I am out of office for the bank holiday, back on Tuesday.
I'm on a sabbatical and not monitoring this inbox. Please write to office@example.com.
`;

const WRONG_PERSON = `
I'm not the right person for this, please contact our marketing director.
You've got the wrong person. Try our head of sales.
I left the company in March, please update your list.
This isn't my responsibility, reach out to procurement.
Please speak with my colleague Martin, he handles our tools.
I don't handle purchasing decisions. Our CFO does.
Not my area, I work in product. Try the sales team.
I've forwarded this to the person responsible.
I no longer work here. Please contact info@example.com.
You should talk to our operations director instead.
Wrong contact, I'm in legal.
Our IT manager would be the one to decide on this.
I'm not the decision maker. Contact our managing director.
I changed roles and no longer handle this. Email laura@example.com.
I'm in accounting, this is for the marketing folks.
Please redirect this to our partnerships manager.
I'm not involved in sales tooling, sorry. Try revenue ops.
You want our CMO, not me.
I'm passing this on to our head of business development.
I retired in January. My successor is Paul.
Not me, reach out to our London office.
Talk to our VP of marketing about this.
I'm not the right contact, but I've cc'd our sales lead.
I think you have the wrong person, I'm a designer. | Thanks, | Noor
Wrong person. | | On Tue, Mar 4, 2025 Sam wrote: | > Are you the right person for outbound at Globex?
Ich bin dafür nicht zuständig, bitte kontaktieren Sie unsere Marketingabteilung.
Ce n'est pas moi qui gère cela, contactez notre service achats.
No soy yo quien decide, hable con nuestro director de ventas.
This should go to our purchasing team.
Someone in operations handles this, not me.
I'm only a contractor here, please contact a manager.
I have nothing to do with marketing software, try my manager.
`;

/** Never used for training; the model's reported figures come from it. */
export const EVAL_CORPUS = parseCorpus({
  interested: INTERESTED,
  not_now: NOT_NOW,
  not_interested: NOT_INTERESTED,
  out_of_office: OUT_OF_OFFICE,
  wrong_person: WRONG_PERSON,
});
