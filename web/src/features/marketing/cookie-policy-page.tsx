import { Link } from '@tanstack/react-router';
import { ContentPage } from './content-page';
import { LEGAL_UPDATED, useBrandFacts } from './use-brand-facts';

/** /cookie-policy */
export function CookiePolicyPage() {
  const { name } = useBrandFacts();
  return (
    <ContentPage
      eyebrow="Legal"
      title="Cookie Policy"
      lead={`How ${name} uses cookies and similar technologies on your device.`}
      updated={LEGAL_UPDATED}
      sections={[
        {
          id: 'what',
          title: 'What are cookies?',
          body: (
            <p>
              Cookies are small text files a website stores on your device. {name} also uses similar technologies such as local storage and an offline database,
              so the app loads quickly and keeps working when your connection drops.
            </p>
          ),
        },
        {
          id: 'which',
          title: 'What we use',
          body: (
            <div className="ct-table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Why</th>
                    <th scope="col">How long</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>Strictly necessary</td>
                    <td>Keep you signed in, remember your session and protect against fraud.</td>
                    <td>Until you log out, at most a few hours without activity</td>
                  </tr>
                  <tr>
                    <td>Offline storage</td>
                    <td>Keep conversations, drafts and profiles on your device so the app works on a weak connection.</td>
                    <td>Until you log out</td>
                  </tr>
                  <tr>
                    <td>Preferences</td>
                    <td>Remember choices such as recently used emoji and your cart.</td>
                    <td>Until you clear them</td>
                  </tr>
                  <tr>
                    <td>Performance</td>
                    <td>Measure loading times and errors on a small sample of visits so we can fix problems.</td>
                    <td>Up to 12 months</td>
                  </tr>
                  <tr>
                    <td>Security checks</td>
                    <td>A CAPTCHA service may set cookies when it checks that a sign-up comes from a person.</td>
                    <td>Set by the provider</td>
                  </tr>
                </tbody>
              </table>
            </div>
          ),
        },
        {
          id: 'control',
          title: 'Your choices',
          body: (
            <p>
              You can delete cookies and site data in your browser settings at any time. Blocking strictly necessary storage will stop you from signing in.
              Logging out of {name} clears the data stored for your account on that device.
            </p>
          ),
        },
        {
          id: 'more',
          title: 'More information',
          body: (
            <p>
              Read our <Link to="/privacy-policy">Privacy Policy</Link> for how we handle personal data, or <Link to="/contact-us">contact us</Link> with any
              question.
            </p>
          ),
        },
      ]}
    />
  );
}
