package dev.milktui.core.grants;

import java.nio.file.Path;

/**
 * What a save to Claude's settings actually did: the file it wrote and what it changed there (rules
 * and directories added, and those that were there already), as the store reported it.
 */
public record SavedGrants(Path file, GrantResult result) {}
