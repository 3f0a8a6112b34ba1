"""The base game's rules and the surface a variant plugs into: state, parameters, records,
hooks and the declaration (variant.Variant).  Never imports simcore.run, simcore.studies,
reports or the CLI."""
