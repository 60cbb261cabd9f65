package org.praefectus.bridge.component;

import org.osgi.service.component.annotations.Component;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.adapter.ClaudeCodeAdapter;

/** The {@code claude_code} executor type as a service. */
@Component(service = AgentAdapter.class)
@BridgeExecutor(ClaudeCodeAdapter.TYPE)
public final class ClaudeCodeAdapterComponent extends ClaudeCodeAdapter {}
