#!/usr/bin/env python3
"""Drives `termind mcp` with the official Python MCP SDK (PyPI `mcp`), as an agent would.

Usage: mcp_client.py TERMIND HOST_LABEL DENIED_HOST_LABEL
       mcp_client.py TERMIND --asked HOST_LABEL   (two calls the policy asks about, answered by the test)
The environment (HOME, XDG_*) names the Vault. Prints a human-readable transcript of the
session on stderr and, on stdout, one JSON object per step (`{"step": ..., ...}`) for the test
to check. The raw part at the end speaks to a second `termind mcp` without the SDK, to send
what the SDK never would: a line that is not JSON.
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def say(text):
    print(text, file=sys.stderr, flush=True)


def step(name, **fields):
    print(json.dumps({"step": name, **fields}), flush=True)


def children_named(name):
    """Our child processes called `name` (stdio_client starts the server as our child)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/comm") as comm:
                command = comm.read().strip()
        except OSError:
            continue
        if int(fields[1]) == os.getpid() and command == name:
            found.append(int(entry))
    return found


def high_water_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError("no VmHWM")


def result_fields(result):
    return {
        "isError": result.is_error,
        "structured": result.structured_content,
        "text": [block.text for block in result.content if getattr(block, "type", "") == "text"],
    }


async def sdk_session(termind, host, denied_host):
    parameters = StdioServerParameters(command=termind, args=["mcp"], env=dict(os.environ))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            say(f"> initialize\n< protocolVersion={init.protocol_version} server={init.server_info.name} {init.server_info.version}")
            step("initialize", protocolVersion=init.protocol_version, server=init.server_info.name)

            tools = await session.list_tools()
            for tool in tools.tools:
                hints = tool.annotations
                say(f"< tool {tool.name}: readOnly={hints.read_only_hint} destructive={hints.destructive_hint} "
                    f"idempotent={hints.idempotent_hint} openWorld={hints.open_world_hint} "
                    f"input={sorted(tool.input_schema.get('properties', {}))} output={sorted((tool.output_schema or {}).get('properties', {}))}")
            step("tools/list", tools=[{
                "name": t.name, "inputSchema": t.input_schema, "outputSchema": t.output_schema,
                "annotations": t.annotations.model_dump(by_alias=True, exclude_none=True)} for t in tools.tools])

            hosts = await session.call_tool("list_hosts", {})
            say(f"> list_hosts\n< {json.dumps(hosts.structured_content)}")
            step("list_hosts", **result_fields(hosts))

            hello = await session.call_tool("ssh_exec", {"host": host, "command": "echo hello; echo oops >&2; exit 3"})
            say(f"> ssh_exec {host}: echo hello; echo oops >&2; exit 3\n< {json.dumps(hello.structured_content)}")
            step("ssh_exec", **result_fields(hello))

            pids = children_named("termind")
            before = high_water_kib(pids[0]) if len(pids) == 1 else None
            big = await session.call_tool("ssh_exec", {"host": host, "command": "head -c 10000000 /dev/zero | tr '\\0' x"})
            after = high_water_kib(pids[0]) if len(pids) == 1 else None
            fields = result_fields(big)
            summary = {k: v for k, v in (fields["structured"] or {}).items() if k not in ("stdout", "stderr")}
            say(f"> ssh_exec {host}: print 10 MB\n< {json.dumps(summary)} stdout={len((fields['structured'] or {}).get('stdout', ''))} chars"
                f"\n  server VmHWM {before} KiB before, {after} KiB after")
            step("ssh_exec 10 MB", stdoutLength=len((fields["structured"] or {}).get("stdout", "")), summary=summary,
                 isError=fields["isError"], hwmBeforeKiB=before, hwmAfterKiB=after)

            hostile = await session.call_tool("ssh_exec", {"host": host, "command": "printf '\\033]52;c;aGk=\\007\\033[2J\\r\\nfake'"})
            say(f"> ssh_exec {host}: terminal escapes\n< content[0].text={json.dumps(hostile.content[0].text)[:120]}")
            step("ssh_exec hostile", rawText=hostile.content[0].text, **result_fields(hostile))

            denied = await session.call_tool("ssh_exec", {"host": denied_host, "command": "id"})
            say(f"> ssh_exec {denied_host}: id\n< isError={denied.is_error} {denied.content[0].text}")
            step("ssh_exec denied", **result_fields(denied))

            made = await session.call_tool("ssh_exec", {"host": host, "command":
                "d=$(mktemp -d) && printf 'line 1\\nline 2\\n' > $d/a.txt && printf '\\377\\376\\000x' > $d/b.bin && echo $d"})
            directory = made.structured_content["stdout"].strip()
            listing = await session.call_tool("sftp_list", {"host": host, "path": directory})
            say(f"> sftp_list {host} {directory}\n< {json.dumps(listing.structured_content)}")
            step("sftp_list", **result_fields(listing))
            text = await session.call_tool("sftp_read", {"host": host, "path": directory + "/a.txt"})
            binary = await session.call_tool("sftp_read", {"host": host, "path": directory + "/b.bin"})
            cut = await session.call_tool("sftp_read", {"host": host, "path": directory + "/a.txt", "maxBytes": 4})
            for name, result in (("a.txt", text), ("b.bin", binary), ("a.txt maxBytes 4", cut)):
                say(f"> sftp_read {host} {name}\n< {json.dumps(result.structured_content)}")
            step("sftp_read", text=result_fields(text), binary=result_fields(binary), cut=result_fields(cut))

            slow = await session.call_tool("ssh_exec", {"host": host, "command": "sleep 30", "timeout": 1})
            say(f"> ssh_exec {host}: sleep 30 (timeout 1)\n< {json.dumps(slow.structured_content)}")
            step("ssh_exec timeout", **result_fields(slow))

            untrusted = await session.call_tool("ssh_exec", {"host": "untrusted", "command": "id"})
            say(f"> ssh_exec untrusted: id\n< isError={untrusted.is_error} {untrusted.content[0].text}")
            step("ssh_exec untrusted", **result_fields(untrusted))

            unknown = await session.call_tool("ssh_exec", {"host": "no-such-host", "command": "id"})
            say(f"> ssh_exec no-such-host: id\n< isError={unknown.is_error} {unknown.content[0].text}")
            step("ssh_exec unknown host", **result_fields(unknown))


async def raw_session(termind):
    """A second server, spoken to line by line: a malformed line, then a ping."""
    process = await asyncio.create_subprocess_exec(
        termind, "mcp", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=dict(os.environ))
    lines = [
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}\n',
        b'{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_hosts","arguments":\n',
        b'{"jsonrpc":"2.0","id":3,"method":"ping"}\n',
    ]
    answers = []
    for line in lines:
        say(f"> {line.decode().strip()}")
        process.stdin.write(line)
        await process.stdin.drain()
        answer = json.loads(await asyncio.wait_for(process.stdout.readline(), 30))
        say(f"< {json.dumps(answer)}")
        answers.append(answer)
    process.stdin.close()
    status = await asyncio.wait_for(process.wait(), 30)
    say(f"(EOF: the server exited {status})")
    step("raw", answers=answers, exitStatus=status)


async def asked_session(termind, host):
    """Two calls on a Host whose policy is Ask: the test approves the first and denies the
    second, whose arguments differ (the first approval does not cover it)."""
    parameters = StdioServerParameters(command=termind, args=["mcp", "--approval-wait", "120"], env=dict(os.environ))
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for name, command in (("approved", "echo asked-and-approved"), ("changed", "echo changed-arguments")):
                say(f"> ssh_exec {host}: {command}   (policy Ask: waits for termind mcp approve/deny)")
                result = await session.call_tool("ssh_exec", {"host": host, "command": command})
                say(f"< isError={result.is_error} {result.content[0].text[:200]}")
                step(name, **result_fields(result))


async def main():
    if sys.argv[2] == "--asked":
        await asked_session(sys.argv[1], sys.argv[3])
        return
    termind, host, denied_host = sys.argv[1:4]
    await sdk_session(termind, host, denied_host)
    await raw_session(termind)


if __name__ == "__main__":
    asyncio.run(main())
