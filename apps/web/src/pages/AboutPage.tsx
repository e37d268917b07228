import { Link } from 'react-router';
import { useSession } from '../state/session';

/** What Listboard is, for visitors and demo accounts. */
export function AboutPage() {
  const { adminUser, appVersion } = useSession();
  return (
    <div className="about">
      <div data-tour="about-what">
        <p>
          Listboard is for building, reading and annotating <strong>boards</strong>. A board is a
          set of lists placed side by side; lists hold items; items hold text, video, audio,
          pictures, documents, math and code.
        </p>
        <p>
          Authors build boards — a course by week, tip and prompt, say — and annotate them. Readers
          follow links between boards, and add notes to an item or to a passage they select. Authors
          answer or dismiss those notes on their Discussion page.
        </p>
      </div>
      <ul className="page-links" data-tour="about-links">
        <li>
          <Link to={`/${adminUser}/help`}>User guide</Link>
        </li>
        <li>
          <Link to={`/${adminUser}/privacy`}>Privacy</Link>
        </li>
        <li>
          <Link to={`/${adminUser}/terms-of-use`}>Terms of use</Link>
        </li>
      </ul>
      <p className="page-note">
        Version: {appVersion === 'PRODUCTION' ? 'production' : 'development'}
      </p>
    </div>
  );
}
