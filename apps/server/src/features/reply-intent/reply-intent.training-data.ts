/**
 * The built-in reply classifier's training corpus (docs/ai/reply-intent.md): replies to cold email
 * written for this model by the team, one per line, labelled by class. " | " in a line is a line
 * break (quoted history, signatures). The separate evaluation corpus (reply-intent.eval-corpus.ts)
 * is never used for training. Changing a line changes the model's version (a hash of this text).
 */
import type { ReplyIntentClass } from "@prospector/contracts";

type Trained = Exclude<ReplyIntentClass, "unclear">;

const INTERESTED = `
Yes, this sounds interesting. Can you send over some times for a call next week?
Sure, happy to chat. How does Thursday at 2pm work?
I'd love to learn more. What does pricing look like for a team of 20?
Interesting timing, we were just discussing this. Let's set up a demo.
Please send me more information and a case study.
Can we book 30 minutes on Tuesday? Here is my calendar link.
Yes please, I'm interested. Who should I talk to about a trial?
This looks like a fit for us. Can you do a quick call tomorrow morning?
Sounds good, let's talk. My number is 555 0134.
Happy to take a look. Could you share a deck?
We are evaluating vendors right now, so your timing is great. Send me a proposal.
I'd be open to a conversation. When are you free?
Go ahead and send the details, I'll review them with my team.
Definitely interested. Do you integrate with Salesforce?
OK let's do it, set up a meeting with me and our CTO.
Thanks for reaching out! Yes, we'd like a demo.
Tell me more about how this works for agencies.
Could you send pricing and a short overview? We might be a good fit.
I'm curious. Can you show me how it would work with our data?
Let's find a time, I'm free Wednesday afternoon or Friday morning.
Yes, I'd like to schedule a call. What times work for you next week?
Great, please book something with my assistant Anna, cc'd here.
We have budget for this quarter, so let's talk.
Interesting, how do you compare to your main competitor?
Works for me, send an invite for Monday 10am.
I would be interested in a pilot. What would that involve?
Can you walk me through a demo? We're looking for something like this.
This is exactly what we need. When can we start?
Count me in for a call. Anytime after 3pm works.
Sounds promising. Please send a calendar invite.
Hi, thanks for the note. Yes, let's connect next week. | Best, | Mark
Sure, I have 15 minutes on Thursday. Send an invite. | -- | Julia Berg | Head of Sales, Nordlicht GmbH | +49 30 1234567
Yes, interested. | | On Mon, Mar 3, 2025 at 9:14 AM Sam <sam@prospector.example> wrote: | > Would you be open to a quick call about your outbound?
That would be helpful, we struggle with this every month. Can we talk?
We'd like to try it out. Is there a free trial?
Please reach out to me directly, I'd like to hear more.
I'm interested in learning more about the enterprise plan.
Let's chat! Grab any slot on my calendar.
Appreciate the follow up. Yes, let's schedule a demo for the team.
Hey, sure thing. What's the best way to get started?
Good timing. We are looking at options for Q3. Call me.
Happy to hop on a call and see if it makes sense.
Ja, das klingt interessant. Können wir nächste Woche telefonieren?
Oui, cela m'intéresse. Pouvons-nous organiser un appel?
Sí, me interesa. ¿Podemos hablar el jueves?
Ja, graag een demo volgende week.
Yes! Send over the contract and we'll review.
Would love to see a demo, how about early next week?
Please call me on my mobile, I want to discuss this further.
OK, you have my attention. What are the next steps?
This could work for us. Can you send references from similar companies?
I'm keen to learn more, feel free to book time with me.
Can you share a quote for 50 seats?
Sounds great, looking forward to speaking.
We've been looking for a tool like this. Let's set something up.
Yes, I am the right person and I'm interested. Let's meet.
Let's do a call, I'll loop in our operations lead.
Absolutely, send me a few slots.
`;

const NOT_NOW = `
Not right now, but reach out again next quarter.
Timing isn't great, we're in the middle of a reorg. Try me in a few months.
We just signed a one-year contract with another vendor. Check back next year.
Interesting, but we don't have budget until January. Follow up then.
Please get back to me in the fall, we're swamped until then.
Can you circle back in Q3? We're focused on other priorities.
Not a priority this quarter. Maybe later in the year.
Ping me again in two months, after our product launch.
We're in a budget freeze right now. Let's revisit in six months.
Maybe later. Reach out again after the summer.
Too busy at the moment, please follow up in March.
Timing is bad, we're hiring a new head of sales first. Contact me again in a couple of months.
Let's reconnect next year when we plan our budget.
I might be interested down the road, but not now.
We have too much on our plate this quarter. Touch base in the new year.
Could you follow up after our fiscal year starts in April?
Not at this time. Feel free to check in again in 90 days.
We're renewing our current tool in November, reach out a month before that.
Ask me again next quarter, we may have budget then.
Right now isn't a good time, but keep me on your list for later.
I'm heads down on a launch. Can we talk in a few weeks?
Please try again after the holidays.
Our contract with the current provider runs until next spring, get in touch then.
Not this year. Let's talk early next year.
We will look at this in Q4, please reach out then.
Still settling in to the new role, give me a couple of months.
We are not ready yet. Maybe in six months.
Hold off for now, we're restructuring the team. I'll let you know.
Check back with me in the second half of the year.
Interesting, but the timing is off. Circle back in a quarter.
No budget for new tools this year, try again in January. | Regards, | Tom
Thanks, not now. | | -----Original Message----- | From: Sam | Sent: Monday | Subject: Quick question about your outbound
Let's revisit this later in the year once we finish our migration.
We're in the middle of an acquisition, reach out after it closes.
Please follow up next month, I'm travelling a lot right now.
Could we push this to next quarter? Too much going on.
I'd consider it, but not before the summer.
We might revisit once our new budget cycle starts.
Bad timing, sorry. Get back to me in a few months.
Not yet, we are still growing the team. Later this year maybe.
Nicht jetzt, bitte melden Sie sich im nächsten Quartal wieder.
Pas pour le moment, recontactez-moi dans quelques mois.
Ahora no, escríbeme de nuevo el próximo trimestre.
Please reach out again in September.
We just rolled out a new CRM, need a few months before adding anything.
I'll have more bandwidth after our busy season ends in May.
Put a reminder for next year, we might be ready then.
Maybe after our board meeting next month, follow up then.
Keep in touch, it's not the right moment.
We're locked in for now, but our contract ends in spring.
Timing's not right, please circle back later.
Not in this budget cycle. Try me again next fiscal year.
Can you send a reminder in 3 months?
Let's talk after the new year, we have a freeze on spending.
We're not looking at this until next quarter at the earliest.
`;

const NOT_INTERESTED = `
Not interested, thanks.
Please remove me from your list.
No thanks, we're all set.
Unsubscribe.
Stop emailing me.
We're happy with our current provider. No thank you.
This is not something we need.
Please take me off your mailing list.
Not interested. Do not contact me again.
We don't need this, thanks anyway.
No. Please stop.
We already have a solution and are very happy with it.
I'm not interested in your services.
Please don't email me again.
Not for us, sorry.
We have no need for this kind of tool.
Thanks but no thanks.
We built this in-house and don't need an outside vendor.
Please stop sending these emails.
I have no interest. Remove my address.
We're not a fit for this. Please don't follow up.
No interest at this time or in the future.
We won't be moving forward. Please close my file.
Remove me. This is the third email I've received.
Not relevant to our business.
We don't buy software from cold emails.
Please unsubscribe me from all future communications.
Pass. We're good.
I'm going to pass on this, thank you.
This doesn't apply to us, we are a non-profit with no sales team.
Please do not contact me or my colleagues again.
No, we are not interested. | Sent from my iPhone
Not interested. | | On Tue, Apr 8, 2025, Sam wrote: | > Hi Maria, would you be open to a quick chat about your outbound?
Thanks for reaching out, but we're not looking for this kind of service.
We decided against it. Please take us off your list.
Kein Interesse, bitte streichen Sie mich aus Ihrem Verteiler.
Pas intéressé, merci de me retirer de votre liste.
No me interesa, por favor no me escriban más.
Geen interesse, haal me van de lijst.
Not interested in a demo. Stop.
We are satisfied with what we have and won't be switching.
Sorry, this isn't for us.
Please don't reach out again, we have no budget and no need.
Stop spamming me.
I'd rather not. Please remove my email.
We have no use for this product.
We are not looking to change anything, thanks.
Not interested, please respect my inbox.
Remove me from this sequence please.
I'm not the buyer and we don't need it. Please stop.
No thank you, we don't outsource this.
Honestly not interested.
We tried something similar and it didn't work. Not interested.
Opt me out.
Please stop contacting our team, we are not interested.
`;

const OUT_OF_OFFICE = `
I am out of the office until Monday, March 10 with limited access to email. For urgent matters contact support@example.com.
Thank you for your email. I'm currently on vacation and will return on 2 June. I will respond when I'm back.
I'm on parental leave until September. Please contact my colleague Jonas for anything urgent.
Automatic reply: I am away from the office and will be back next week.
I'm travelling with limited access to email until Friday. I'll reply as soon as I can.
Out of office: I am attending a conference and will reply on my return on the 14th.
I'm currently out of the office on annual leave, returning Tuesday. For urgent queries call the main office.
Thanks for your message. I'm on holiday until 3 August without access to email.
I'm away on business travel and will get back to you after the 20th.
This is an automatic reply. I'm out sick today and will answer tomorrow.
I am out of office for the public holiday and will be back on Thursday.
I'm on maternity leave until January. Your email will not be forwarded.
I'm on a sabbatical until the end of the year. Please contact info@example.com instead.
Hello, I'm currently out of office with no access to my inbox. I'll respond upon my return.
I will be out of the office starting 12 July and returning 26 July.
Automatische Antwort: Ich bin bis zum 15. April nicht im Büro. In dringenden Fällen wenden Sie sich bitte an meine Kollegin.
Vielen Dank für Ihre Nachricht. Ich bin derzeit im Urlaub und ab dem 3. Juni wieder erreichbar.
Ich bin abwesend und habe keinen Zugriff auf meine E-Mails. Ihre Nachricht wird nicht weitergeleitet.
Je suis absent du bureau jusqu'au 12 mai. Pour toute urgence, contactez mon collègue.
Bonjour, je suis en congé jusqu'au lundi 4 août avec un accès limité à mes e-mails.
Réponse automatique : je suis en déplacement et je vous répondrai à mon retour.
Estoy fuera de la oficina hasta el 10 de enero. Para asuntos urgentes contacte con soporte.
Gracias por su mensaje. Estoy de vacaciones y volveré el lunes.
Sono fuori ufficio fino al 20 agosto con accesso limitato alla posta.
Grazie per la mail, sono in ferie e rientrerò il 2 settembre.
Ik ben afwezig tot en met 18 juli. Voor dringende zaken kunt u contact opnemen met mijn collega.
Bedankt voor uw bericht. Ik ben met vakantie en heb geen toegang tot mijn e-mail.
Estou fora do escritório até dia 15 com acesso limitado ao e-mail.
Jag är på semester till och med 5 augusti och läser inte min e-post.
Jeg er på ferie og tilbage mandag. Ved hastende sager kontakt venligst kontoret.
I'm out of the office at a trade show this week. Expect delays in my responses.
Thank you for reaching out. I am currently on leave and will return on Monday 6 October. | | Kind regards, | Priya Nair | Marketing Director
Hi, | I'm OOO until Wednesday. | For anything urgent please reach my team at sales@example.com. | Thanks!
I am currently away and will not be checking email until my return on 9 March.
My office is closed for the holidays until January 2. I will respond to your message then.
Thanks for your email! I'm offline for a family event and back on Tuesday.
I'm out on bereavement leave. I'll respond when I return.
Auto-response: I'm currently on a flight with no connectivity and will reply when I land.
I have left for the day and will reply during business hours tomorrow.
Please note I'm on vacation until next Monday, responses will be delayed.
I am out of the office with no access to email until 1 May. Messages will not be forwarded.
Away until the 28th. I'll get back to you when I'm back.
I'm at an offsite all week with limited availability, I'll reply next week.
Currently out of the office. Back on Monday.
Thank you for your message. I am on leave and returning on 11/04.
This mailbox is not monitored over the holidays. We will respond after the new year.
I'm out of office until further notice. Please contact hr@example.com.
I'm on paternity leave until March, email my manager for anything urgent.
Ich bin im Mutterschutz und ab Februar wieder im Büro.
Je suis en vacances sans accès à mes mails jusqu'au 25 août.
Estoy de viaje con acceso limitado al correo hasta el viernes.
Sono in viaggio di lavoro e risponderò al mio rientro.
`;

const WRONG_PERSON = `
I'm not the right person for this. You should talk to our head of marketing, Lisa.
Wrong person, sorry. Try reaching out to our IT department.
I don't handle this anymore. Please contact jane.doe@example.com.
You have the wrong contact. I left the company last year.
This isn't my area. Our operations manager makes these decisions.
I'm not responsible for purchasing. Reach out to procurement@example.com.
Please contact my colleague Peter, he manages our sales tools.
I no longer work at this company. Please update your records.
Not my department, try our CTO instead.
You'd want to speak with our VP of Sales, Daniel Kim.
I'm in finance, this would be for the marketing team.
I've forwarded your email to the person who handles this.
Wrong email, I'm in customer support. Try sales ops.
I'm not the decision maker here, our founder is.
I think you want my colleague Sarah in growth, cc'd here.
This should go to our partnerships team, not me.
I'm just an intern, please contact our office manager.
Hi, I'm no longer with the company. Please reach out to my replacement, Tom.
I don't make decisions on software, that's our IT director.
Sorry, not the right contact. Our head of revenue operations handles vendors.
I moved to a different role. The new owner is mark@example.com.
Please direct this to our purchasing department.
I'm not involved with marketing at all, try someone else.
You've reached the wrong Alex, I think you meant someone else.
Our sales director would be the right person, her name is Claire.
I'm passing this along to our CMO, who would be a better contact.
This doesn't fall under my responsibilities. Contact our COO.
I work in engineering, not sales. Try our sales leadership.
Please remove me and reach out to our business development team instead.
Wrong person. I'm the receptionist.
I retired last month. Please get in touch with my successor, Anne.
I'm not the one who handles vendor selection, but I've forwarded this to our team lead.
Not me, talk to Kevin in operations. | Cheers, | Ravi
I'm not the right person. | | On Wed, Nov 5, 2025 Sam wrote: | > Are you the right person to talk to about outbound at Acme?
I'm not in charge of this. Best to email our marketing lead.
This is handled by our parent company, please contact their procurement.
Ich bin nicht zuständig. Bitte wenden Sie sich an unseren Vertriebsleiter.
Je ne suis pas la bonne personne, contactez notre directeur commercial.
No soy la persona adecuada, escriba a nuestro departamento de compras.
Ik ben niet de juiste persoon, neem contact op met onze marketingmanager.
You should ask our head of sales, I just do accounting.
I handle HR, this isn't relevant to my role. Try the sales team.
Please reach out to my manager instead, she owns this budget.
I'm not the right contact but my colleague might be. Her email is ana@example.com.
I left Acme in June. You might try the general inbox.
I have no say in this. Our CEO decides on tools like this.
I'm a contractor, not an employee. Please talk to someone on staff.
Wrong department. Please send this to marketing.
I'm not the person you're looking for, try our revenue team.
I've changed roles and don't manage this area anymore.
Contact our office in London, they handle your region.
Talk to our IT manager about this, not me.
That's not my responsibility, please redirect to the right team.
I'm the wrong person but I've cc'd our head of growth.
`;

const corpus: Record<Trained, string> = {
  interested: INTERESTED,
  not_now: NOT_NOW,
  not_interested: NOT_INTERESTED,
  out_of_office: OUT_OF_OFFICE,
  wrong_person: WRONG_PERSON,
};

export interface LabelledReply {
  label: Trained;
  text: string;
}

/** The corpus as labelled messages (lines of each class, " | " turned into line breaks). */
export const parseCorpus = (byClass: Record<Trained, string>): LabelledReply[] =>
  (Object.keys(byClass) as Trained[]).flatMap((label) =>
    byClass[label]
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => ({ label, text: l.replace(/ \|(?= |$)/g, "\n") })),
  );

export const TRAINING_CORPUS: LabelledReply[] = parseCorpus(corpus);
/** The raw text, hashed into the model's version. */
export const TRAINING_TEXT = Object.values(corpus).join("\n");
