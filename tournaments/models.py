# Tournament models will live here.
