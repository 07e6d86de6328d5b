"""Fill the German catalogue (locale/de/LC_MESSAGES/django.po) from the table below.

Run after ``manage.py makemessages -l de -l en``, then ``manage.py compilemessages``. Entries
missing here stay untranslated (English) and are listed on stdout.
"""

import re
import sys
from pathlib import Path

DE = {
    "Calls": "Ansagen",
    "Card points": "Kartenpunkte",
    "Enter one team's card points: the other team gets %(total)s minus them. Leave both empty "
    "after a double victory.": "Kartenpunkte eines Teams eingeben: das andere Team bekommt "
    "%(total)s minus diese. Nach einem Doppelsieg beide Felder leer lassen.",
    "Tichu tournaments": "Tichu-Turniere",
    "Leagues": "Ligen",
    "My events": "Meine Turniere",
    "Log out": "Abmelden",
    "Organizer login": "Anmeldung für Veranstalter",
    "Language": "Sprache",
    "Team A": "Team A",
    "TP": "TP",
    "VP": "SP",
    "Team B": "Team B",
    "Table %(n)s": "Tisch %(n)s",
    "Table %(n)s · Round %(r)s": "Tisch %(n)s · Runde %(r)s",
    "Tichu points so far: %(a)s : %(b)s": "Tichu-Punkte bisher: %(a)s : %(b)s",
    "Hands": "Spiele",
    "Hand %(number)s": "Spiel %(number)s",
    "double victory": "Doppelsieg",
    "to enter": "einzutragen",
    "confirmed": "bestätigt",
    "Opponents: confirm": "Gegner: bestätigen",
    "enter": "eintragen",
    "Enter a hand": "Spiel eintragen",
    "Preview": "Vorschau",
    "Save hand": "Spiel speichern",
    "The organizer has closed this table.": "Die Turnierleitung hat diesen Tisch geschlossen.",
    "This round has not started yet.": "Diese Runde hat noch nicht begonnen.",
    "All hands of this table are entered. Thank you!":
        "Alle Spiele dieses Tisches sind eingetragen. Danke!",
    "Too many attempts": "Zu viele Versuche",
    "Too many unknown table codes from this device. Wait a minute, then scan the code on your "
    "table sheet again.": "Zu viele unbekannte Tischcodes von diesem Gerät. Bitte eine Minute "
    "warten und dann den Code auf dem Tischzettel erneut scannen.",
    "Unknown table code": "Unbekannter Tischcode",
    "No table has this code. Scan the QR code on your table sheet, or type the code exactly as "
    "printed.": "Kein Tisch hat diesen Code. Bitte den QR-Code auf dem Tischzettel scannen oder "
    "den Code genau wie gedruckt eingeben.",
    "Table": "Tisch",
    "Seats": "Plätze",
    "Captain link": "Link für den Tischkapitän",
    "done": "fertig",
    "%(k)s/%(n)s, %(m)s missing": "%(k)s/%(n)s, %(m)s fehlen",
    "%(k)s, game on": "%(k)s, Partie läuft",
    "Close as": "Schließen als",
    "Set": "Setzen",
    "New event": "Neues Turnier",
    "Admin (raw data)": "Admin (Rohdaten)",
    "Event": "Turnier",
    "Format": "Format",
    "Status": "Status",
    "Entrants": "Teilnehmer",
    "Rounds": "Runden",
    "Standings": "Tabelle",
    "Full standings": "Vollständige Tabelle",
    "up to date": "aktuell",
    "updating": "wird aktualisiert",
    "You have no events yet.": "Sie haben noch keine Turniere.",
    "%(n)s rounds": "%(n)s Runden",
    "round robin": "Jeder gegen jeden",
    "%(n)s hands per round": "%(n)s Spiele pro Runde",
    "games to %(n)s": "Partien bis %(n)s",
    "standings up to date": "Tabelle aktuell",
    "standings updating": "Tabelle wird aktualisiert",
    "Pair next round": "Nächste Runde auslosen",
    "Public page": "Öffentliche Seite",
    "Projector": "Beamer",
    "History": "Verlauf",
    "Export": "Export",
    "standings CSV": "Tabelle CSV",
    "standings XLSX": "Tabelle XLSX",
    "results CSV": "Ergebnisse CSV",
    "results XLSX": "Ergebnisse XLSX",
    "Round %(n)s": "Runde %(n)s",
    "open": "öffnen",
    "%(t)s tables, %(h)s hands": "%(t)s Tische, %(h)s Spiele",
    "Teams": "Teams",
    "Players": "Spieler",
    "from round %(n)s": "ab Runde %(n)s",
    "Withdraw": "Abmelden",
    "withdrawn after round %(n)s": "abgemeldet nach Runde %(n)s",
    "Nobody registered yet.": "Noch niemand angemeldet.",
    "Register": "Anmelden",
    "Teams, one per line: Team name; member 1; member 2":
        "Teams, eines pro Zeile: Teamname; Mitglied 1; Mitglied 2",
    "Players, one per line": "Spieler, einer pro Zeile",
    "Create event": "Turnier anlegen",
    "Hand %(n)s": "Spiel %(n)s",
    "Correct hand %(n)s at table %(t)s": "Spiel %(n)s an Tisch %(t)s korrigieren",
    "Enter hand %(n)s at table %(t)s": "Spiel %(n)s an Tisch %(t)s eintragen",
    "Recorded: %(a)s : %(b)s TP, by %(who)s.": "Eingetragen: %(a)s : %(b)s TP, von %(who)s.",
    "Save correction": "Korrektur speichern",
    "History of changes": "Verlauf der Änderungen",
    "When": "Wann",
    "Who": "Wer",
    "What": "Was",
    "Old": "Alt",
    "New": "Neu",
    "Reason": "Grund",
    "Undo": "Rückgängig",
    "No changes yet.": "Noch keine Änderungen.",
    "Publish round": "Runde veröffentlichen",
    "Pair again": "Neu auslosen",
    "Table sheets (PDF)": "Tischzettel (PDF)",
    "This round is a draft: only you see it. Review the seats, swap where needed, then "
    "publish.": "Diese Runde ist ein Entwurf: nur Sie sehen sie. Plätze prüfen, bei Bedarf "
    "tauschen, dann veröffentlichen.",
    "Warnings": "Warnungen",
    "Byes": "Freilose",
    "Swap two seats": "Zwei Plätze tauschen",
    "Swap": "Tauschen",
    "Hand": "Spiel",
    "TP A": "TP A",
    "TP B": "TP B",
    "VP A": "SP A",
    "VP B": "SP B",
    "Entered by": "Eingetragen von",
    "correct": "korrigieren",
    "missing": "fehlt",
    "Close the table": "Tisch schließen",
    "Save": "Speichern",
    "The standings are being updated with the latest hands.":
        "Die Tabelle wird mit den neuesten Spielen aktualisiert.",
    "Name": "Name",
    "Victory points": "Siegpunkte",
    "Tichu points": "Tichu-Punkte",
    "Byes (credited VP/TP)": "Freilose (gutgeschriebene SP/TP)",
    ("%(n)s bye", "%(n)s byes"): ("%(n)s Freilos", "%(n)s Freilose"),
    "No standings yet.": "Noch keine Tabelle.",
    "registration": "Anmeldung",
    "running": "läuft",
    "finished": "beendet",
    "draft": "Entwurf",
    "being played": "wird gespielt",
    "complete": "abgeschlossen",
    "forfeited": "kampflos",
    "averaged": "gemittelt",
    "%(k)s of %(n)s hands": "%(k)s von %(n)s Spielen",
    ("%(k)s hand", "%(k)s hands"): ("%(k)s Spiel", "%(k)s Spiele"),
    "Team": "Team",
    "Projector view": "Beameransicht",
    "Events": "Veranstaltungen",
    "No events yet.": "Noch keine Veranstaltungen.",
    "No seasons yet.": "Noch keine Saisons.",
    ("%(n)s season", "%(n)s seasons"): ("%(n)s Saison", "%(n)s Saisons"),
    "No leagues yet.": "Noch keine Ligen.",
    "Rank %(rank)s · %(vp)s VP · %(tp)s TP": "Platz %(rank)s · %(vp)s SP · %(tp)s TP",
    "withdrawn": "abgemeldet",
    "Overview": "Überblick",
    "Hands played": "Gespielte Spiele",
    "VP per hand": "SP pro Spiel",
    "VP per round": "SP pro Runde",
    "Double victories": "Doppelsiege",
    "%(n)s against": "%(n)s dagegen",
    "called": "angesagt",
    "made": "geschafft",
    "success": "Erfolg",
    "Tichu": "Tichu",
    "Grand Tichu": "Großes Tichu",
    "Blind Grand Tichu": "Blindes Großes Tichu",
    "Partners": "Partner",
    "Round": "Runde",
    "Partner": "Partner",
    "Opponents": "Gegner",
    "bye": "Freilos",
    "No rounds played yet.": "Noch keine Runde gespielt.",
    "double victory against": "Doppelsieg dagegen",
    "No hands yet.": "Noch keine Spiele.",
    "Refreshes every %(refresh)s seconds.": "Aktualisiert sich alle %(refresh)s Sekunden.",
    "This season has no event yet.": "Diese Saison hat noch kein Turnier.",
    "Username": "Benutzername",
    "Password": "Passwort",
    "Log in": "Anmelden",
    "Hand %(n)s was already recorded with this score.":
        "Spiel %(n)s war mit diesem Ergebnis schon eingetragen.",
    "Hand %(n)s is recorded. Let the opponents confirm it.":
        "Spiel %(n)s ist eingetragen. Bitte von den Gegnern bestätigen lassen.",
    "Hand %(n)s is confirmed by the opponents.": "Spiel %(n)s ist von den Gegnern bestätigt.",
    "Rank": "Platz",
    "Bye VP": "Freilos-SP",
    "Bye TP": "Freilos-TP",
    "Seat 1": "Platz 1",
    "Seat 2": "Platz 2",
    "Seat 3": "Platz 3",
    "Seat 4": "Platz 4",
    "First out": "Zuerst raus",
    "Double victory": "Doppelsieg",
    "Card points A": "Kartenpunkte A",
    "Card points B": "Kartenpunkte B",
    "Confirmed": "Bestätigt",
    "yes": "ja",
    "no": "nein",
    "Scan the code or open the link to enter each hand.":
        "Code scannen oder Link öffnen, um jedes Spiel einzutragen.",
    "Points A": "Punkte A",
    "Points B": "Punkte B",
    "This round has no tables.": "Diese Runde hat keine Tische.",
    "Went out first": "Zuerst raus",
    "Card points team A": "Kartenpunkte Team A",
    "Card points team B": "Kartenpunkte Team B",
    "no call": "keine Ansage",
    "not entered": "nicht angegeben",
    "none": "keiner",
    "Card points %(team)s": "Kartenpunkte %(team)s",
    "DTM: individuals, rotating partners": "DTM: Einzelspieler, wechselnde Partner",
    "Teams of two, Swiss": "Zweierteams, Schweizer System",
    "League: teams, round robin, games to 1000": "Liga: Teams, jeder gegen jeden, Partien bis 1000",
    "Empty: the format's default.": "Leer: Vorgabe des Formats.",
    "Hands per round": "Spiele pro Runde",
    "Names": "Namen",
    "or a CSV file": "oder eine CSV-Datei",
    "The file is too large.": "Die Datei ist zu groß.",
    "The file must be UTF-8 text (CSV).": "Die Datei muss UTF-8-Text (CSV) sein.",
    "Enter at least one name.": "Mindestens einen Namen eingeben.",
    "Seat": "Platz",
    "swap with": "tauschen mit",
    "open again": "wieder öffnen",
    "The event is created. Register its players next.":
        "Das Turnier ist angelegt. Als Nächstes die Spieler anmelden.",
    "%(n)d registered.": "%(n)d angemeldet.",
    "%(name)s is withdrawn.": "%(name)s ist abgemeldet.",
    "Round %(n)d is paired as a draft: review and publish it.":
        "Runde %(n)d ist als Entwurf ausgelost: prüfen und veröffentlichen.",
    "Round %(n)d is paired again.": "Runde %(n)d ist neu ausgelost.",
    "Round %(n)d is published: captains can enter hands.":
        "Runde %(n)d ist veröffentlicht: die Tischkapitäne können Spiele eintragen.",
    "Choose two seats of this round.": "Zwei Plätze dieser Runde wählen.",
    "The seats are swapped.": "Die Plätze sind getauscht.",
    "Choose how to close the table.": "Wählen, wie der Tisch geschlossen wird.",
    "Table %(n)d is now %(status)s.": "Tisch %(n)d ist jetzt %(status)s.",
    "Hand %(n)d is recorded.": "Spiel %(n)d ist eingetragen.",
    "Hand %(n)d is corrected.": "Spiel %(n)d ist korrigiert.",
    "Hand %(n)d is unchanged.": "Spiel %(n)d ist unverändert.",
    "The correction is undone: hand %(n)d has its old score again.":
        "Die Korrektur ist rückgängig gemacht: Spiel %(n)d hat wieder sein altes Ergebnis.",
}

HEADER_FIXES = {
    '"Language: \\n"': '"Language: de\\n"',
    '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"':
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    '"Content-Type: text/plain; charset=CHARSET\\n"':
        '"Content-Type: text/plain; charset=UTF-8\\n"',
    '#, fuzzy\nmsgid ""': 'msgid ""',
}


def unquote(lines):
    return "".join(re.match(r'^(?:msgid(?:_plural)?|msgstr(?:\[\d\])?)?\s*"(.*)"$', line)
                   .group(1) for line in lines).encode().decode("unicode_escape").encode(
        "latin-1").decode("utf-8")


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(path):
    blocks = Path(path).read_text().split("\n\n")
    out, missing = [], []
    for block in blocks:
        lines = block.split("\n")
        if not any(line.startswith("msgid ") for line in lines) or 'msgid ""\nmsgstr ""' in block \
                and lines[0].startswith("# SOME"):
            for old, new in HEADER_FIXES.items():
                block = block.replace(old, new)
            out.append(block)
            continue
        comments = [line for line in lines if line.startswith("#") and line != "#, fuzzy"
                    and not line.startswith("#|")]
        comments = [re.sub(r"^#, fuzzy, ", "#, ", c) for c in comments]
        body = [line for line in lines if not line.startswith("#")]
        sections, current = {}, None
        for line in body:
            key = re.match(r"^(msgid_plural|msgid|msgstr(?:\[\d\])?)", line)
            if key:
                current = key.group(1)
                sections[current] = [line]
            elif current:
                sections[current].append(line)
        msgid = unquote(sections["msgid"])
        if not msgid:
            out.append(block)
            continue
        plural = unquote(sections["msgid_plural"]) if "msgid_plural" in sections else None
        text = [*comments, "msgid " + quote(msgid)]
        if plural is not None:
            value = DE.get((msgid, plural))
            if value is None:
                missing.append(msgid)
                value = ("", "")
            text += ["msgid_plural " + quote(plural), "msgstr[0] " + quote(value[0]),
                     "msgstr[1] " + quote(value[1])]
        else:
            value = DE.get(msgid)
            if value is None:
                missing.append(msgid)
                value = ""
            text.append("msgstr " + quote(value))
        out.append("\n".join(text))
    Path(path).write_text("\n\n".join(out))
    for msgid in missing:
        print("untranslated:", msgid)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "locale/de/LC_MESSAGES/django.po")
