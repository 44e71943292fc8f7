"""What the bot must be allowed in a channel to run a table there, checked when ``/play`` is
used, before a lobby exists.

Why check up front: slash commands and their answers work in any channel the bot was invited
to, whatever its permissions there, so a lobby opens and a game starts even where the bot may
not post. The table then breaks at its first repost (a post needs Send Messages, an embed needs
Embed Links, a picture Attach Files) and the game is stuck in a message nobody can refresh.
Refusing at ``/play`` with the names of the missing permissions tells the person what an admin
must change, before anyone has played a card.
"""

from __future__ import annotations

import discord

from bot.i18n import texts, translate
from games.text import messages

_, _n = texts()
#: the permissions' names as Discord's settings show them, in the reader's language at use
msg, msg_n = messages("tidewater")

#: (attribute of discord.Permissions, the name Discord's settings show)
VIEW: tuple[str, str] = ("view_channel", msg("View Channel"))
SEND: tuple[str, str] = ("send_messages", msg("Send Messages"))
SEND_IN_THREADS: tuple[str, str] = ("send_messages_in_threads", msg("Send Messages in Threads"))
CREATE_THREADS: tuple[str, str] = ("create_public_threads", msg("Create Public Threads"))
EMBED: tuple[str, str] = ("embed_links", msg("Embed Links"))
ATTACH: tuple[str, str] = ("attach_files", msg("Attach Files"))


def needed(*, in_thread: bool, new_thread: bool, pictures: bool) -> list[tuple[str, str]]:
    """The permissions a table needs: in the channel itself, in the thread ``/play`` was used
    in, or in a new thread the bot opens for the game (the thread inherits the channel's)."""
    wanted = [VIEW]
    if new_thread:
        wanted += [CREATE_THREADS, SEND_IN_THREADS]
    else:
        wanted.append(SEND_IN_THREADS if in_thread else SEND)
    wanted.append(EMBED)
    if pictures:
        wanted.append(ATTACH)
    return wanted


def missing(
    granted: discord.Permissions, *, in_thread: bool, new_thread: bool, pictures: bool
) -> list[str]:
    """The names of the needed permissions the bot lacks here (empty: it may run a table)."""
    wanted = needed(in_thread=in_thread, new_thread=new_thread, pictures=pictures)
    return [name for attr, name in wanted if not getattr(granted, attr)]


def refusal(names: list[str]) -> str:
    """What the person who used ``/play`` reads when the bot lacks permissions here."""
    bold = [f"**{translate(n)}**" for n in names]
    listed = (
        bold[-1]
        if len(bold) == 1
        else _("{names} and {last}", names=", ".join(bold[:-1]), last=bold[-1])
    )
    return _n(
        "I can't run a table in this channel: I need the {listed} permission here. A server"
        " admin can grant them in the channel's settings, or you can use /play in another"
        " channel.",
        "I can't run a table in this channel: I need the {listed} permissions here. A server"
        " admin can grant them in the channel's settings, or you can use /play in another"
        " channel.",
        len(names),
        listed=listed,
    )


#: what the invite asks for: every permission a table may need anywhere (the README's list),
#: plus Read Message History, without which Discord refuses to show a bot older messages
INVITE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)


def invite_url(application_id: int) -> str:
    """The link that adds the bot to a server with exactly :data:`INVITE` and the scopes its
    slash commands need; logged at start so a self-hoster need not assemble it by hand."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE, scopes=("bot", "applications.commands")
    )
