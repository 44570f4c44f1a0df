#!/usr/bin/env node
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { enroll, startAgent } from './agent';
import { AgentConfigSchema, loadConfig } from './config';
import { createJournal } from './journal';
import { currentPlatform } from './platform';
import { openState } from './state';
import { watchUpdate } from './update/self-update';

const USAGE = `cpm-agent: the Cloud POS terminal agent for Linux

  cpm-agent enroll --server URL --sn SN --key KEY [--config FILE]
      writes FILE (default /etc/cpm-agent/agent.json) when it does not exist, enrols the terminal with the
      enterprise's enrollment key and keeps the secret in the state folder (0700, files 0600)
  cpm-agent run [--config FILE]
      runs the agent (the systemd unit runs this)
  cpm-agent facts [--config FILE]
      prints the hello and heartbeat this terminal would send, and exits
  cpm-agent update-watch [--config FILE]
      started by the agent after it switched to a new version: switches back when the new version has
      not reached the server within updateConfirmSec
`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    config: { type: 'string', default: process.env.CPM_AGENT_CONFIG ?? '/etc/cpm-agent/agent.json' },
    server: { type: 'string' },
    sn: { type: 'string' },
    key: { type: 'string' },
    mac: { type: 'string' },
    help: { type: 'boolean' },
  },
});

const main = async () => {
  const [command] = positionals;
  if (values.help || !command) {
    process.stdout.write(USAGE);
    return;
  }
  const file = path.resolve(values.config as string);
  if (command === 'enroll') {
    if (!values.sn || !values.key) throw new Error('enroll needs --sn and --key');
    if (!existsSync(file)) {
      if (!values.server) throw new Error(`${file} does not exist: give --server to write it`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `${JSON.stringify(AgentConfigSchema.parse({ server: values.server }), null, 2)}\n`,
        { mode: 0o644 },
      );
    }
    const config = loadConfig(file);
    const platform = currentPlatform();
    const mac = values.mac ?? (await platform.hello({ agentVersion: '' })).hardware.mac;
    const id = await enroll(config, { sn: values.sn, enrollmentKey: values.key, mac });
    process.stdout.write(`enrolled ${id.sn} with ${config.server}; secret kept in ${config.stateDir}\n`);
    return;
  }
  const config = loadConfig(file);
  const platform = currentPlatform();
  if (command === 'facts') {
    const hello = await platform.hello({ model: config.model, agentVersion: '' });
    process.stdout.write(`${JSON.stringify({ hello, heartbeat: await platform.heartbeat() }, null, 2)}\n`);
    return;
  }
  if (command === 'update-watch') {
    const state = openState(config.stateDir);
    const log = createJournal(config.logFile ?? path.join(config.stateDir, 'agent.log'), false).write;
    await watchUpdate({ installDir: config.installDir, state, log });
    return;
  }
  if (command !== 'run') throw new Error(`unknown command ${command}\n${USAGE}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void agent.stop().finally(() => process.exit(0));
  };
  const agent = await startAgent(config, platform, { configFile: file, restart: stop });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
};

main().catch((err) => {
  process.stderr.write(`cpm-agent: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
