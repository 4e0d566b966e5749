"""Many games at once: matches between agents, simulation, tournaments and reports."""
